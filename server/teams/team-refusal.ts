/**
 * A team request refused for who the caller is in the team (not in one, not a manager, not the owner, no such
 * member), or for not being signed in to the account an invitation is for (401): the error handler answers it
 * with its status and message (decision 205).
 */
export class TeamRefusedError extends Error {
  override name = "TeamRefusedError";
  constructor(
    message: string,
    readonly statusCode: 401 | 403 | 404,
  ) {
    super(message);
  }
}
