import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ErrorResponse } from "@common/api/errors";
import { isDatabaseUnavailable } from "../db/unavailable";

export const internalErrorMessage = "Internal server error";
export const unavailableMessage = "Service temporarily unavailable";

/** Messages for Fastify's own 4xx errors; their default wording names Fastify internals. */
const clientErrorMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "Request body is not valid JSON",
  FST_ERR_CTP_EMPTY_JSON_BODY: "Request body is empty but content-type is application/json",
  FST_ERR_CTP_BODY_TOO_LARGE: "Request body is too large",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Unsupported content-type",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "Content-Length does not match the request body",
};

/**
 * Every error leaves as `{message}`. 4xx messages explain the problem to the caller; 5xx never
 * reveal internals, and unexpected ones are logged and reported to `onUnexpectedError`.
 * A domain's refusal (a backup the plan refuses, a file that cannot be imported, a rule or organise
 * action refused…) is an error carrying its 4xx `statusCode`: routes let it through and this handler
 * is the one place that answers it (decision 205).
 */
export function registerErrorHandler(
  app: FastifyInstance,
  onUnexpectedError: (error: unknown, request: FastifyRequest) => void,
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext ?? "request";
      const message = error.validation.map((issue) => `${context}${validationIssueText(issue)}`).join("; ");
      return send(reply, 400, message);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return send(reply, 503, unavailableMessage);
    }
    const statusCode = error.statusCode ?? 500;
    // A refusal for now (the server is busy with others' work): its message and when to try again.
    if (statusCode === 503 && "retryAfterSeconds" in error && typeof error.retryAfterSeconds === "number") {
      reply.header("retry-after", String(error.retryAfterSeconds));
      return send(reply, 503, error.message);
    }
    if (statusCode >= 400 && statusCode < 500) {
      return send(reply, statusCode, clientErrorMessages[error.code] ?? error.message);
    }
    request.log.error({ err: error }, "unhandled error");
    onUnexpectedError(error, request);
    return send(reply, statusCode >= 500 && statusCode <= 599 ? statusCode : 500, internalErrorMessage);
  });
}

/** Messages for the errors the router raises before a route exists (Fastify's `frameworkErrors`). */
const routerErrorMessages: Record<string, string> = {
  FST_ERR_BAD_URL: "The URL has a path segment that does not decode",
  FST_ERR_MAX_PARAM_LENGTH: "A path segment of the URL is too long",
};

/**
 * Fastify's `frameworkErrors`: a URL the router cannot take (a bad percent-encoding, a path segment
 * over the length limit) is answered as `{message}` too, instead of Fastify's own body that names
 * its internal error code.
 */
export function answerRouterError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  // No route means no hooks, so helmet never ran; a JSON error needs only this one of its headers.
  reply.header("x-content-type-options", "nosniff");
  const message = routerErrorMessages[error.code];
  if (message) return send(reply, error.statusCode ?? 400, message);
  request.log.error({ err: error }, "router error");
  return send(reply, 500, internalErrorMessage);
}

function send(reply: FastifyReply, statusCode: number, message: string): FastifyReply {
  const body: ErrorResponse = { message };
  return reply.code(statusCode).type("application/json; charset=utf-8").send(body);
}

/**
 * ".path: why" for one failed check. A bad key of a map (a form field name) is reported at the map
 * with the key's own reasons, without echoing the key: it is the part that could not be stored.
 */
function validationIssueText(issue: { instancePath: string; message?: string; keyword: string; params: Record<string, unknown> }): string {
  const segments = issue.instancePath.split("/").filter((segment) => segment !== "");
  const keyIssues = issue.keyword === "invalid_key" && Array.isArray(issue.params.issues) ? (issue.params.issues as { message?: unknown }[]) : null;
  if (keyIssues) {
    const reasons = keyIssues.map((keyIssue) => String(keyIssue.message)).join(", ");
    return `${segments.slice(0, -1).map((segment) => `.${segment}`).join("")}: a field name ${reasons}`;
  }
  return `${segments.map((segment) => `.${segment}`).join("")}: ${issue.message ?? "is not valid"}`;
}
