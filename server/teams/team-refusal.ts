/**
 * A team request refused for who the caller is in the team (not in one, not a manager, not the owner, no such
 * member): the error handler answers it with its status and message (decision 205).
 */
export class TeamRefusedError extends Error {
  override name = "TeamRefusedError";
  constructor(
    message: string,
    readonly statusCode: 403 | 404,
  ) {
    super(message);
  }
}
