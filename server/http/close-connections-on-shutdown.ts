import type { FastifyInstance } from "fastify";

/**
 * Once shutdown starts, responses still in flight ask the client to close the connection:
 * otherwise a keep-alive socket stays open until the client's own idle timeout and delays the exit.
 */
export function closeConnectionsOnShutdown(app: FastifyInstance): void {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", async (_request, reply) => {
    if (closing) reply.header("connection", "close");
  });
}
