import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * How much of a refused request's body the server still reads (and throws away) after answering, and
 * for how long. A body over the limit is as large as the largest route takes (the library's 11 MB
 * import) twice over; past this the connection is cut.
 */
export const REFUSED_BODY_DRAIN = { bytes: 24 * 1024 * 1024, ms: 10_000 };

/**
 * A request answered before its body was read (a 413 on its Content-Length, a 401 or 429 from a hook)
 * gets its answer delivered (decision 204). Fastify marks such a 413 `Connection: close`, and Node then
 * closes the socket as soon as the answer is written, while the client is still sending: the unread
 * bytes make the kernel reset the connection, and a client that had not yet read the answer (most
 * browsers, mid-upload) reports a network error instead of the message. Instead the answer goes out
 * without `Connection: close`; Node reads and discards the rest of the body, as it does after any early
 * answer, and this bounds that: past {@link REFUSED_BODY_DRAIN} bytes or time the socket is cut.
 * Registered before closeConnectionsOnShutdown, which adds `Connection: close` back while shutting down.
 */
export function drainRefusedBodies(app: FastifyInstance, limits = REFUSED_BODY_DRAIN): void {
  // A callback hook that finishes at once: an async one would defer every answer's sending by a tick, and a route
  // that sends and then asks `reply.sent` (a helper answered already) would send a second answer over the first.
  app.addHook("onSend", (request, reply, payload, done) => {
    watchRefusedBody(request.raw, reply, limits);
    done(null, payload);
  });
}

function watchRefusedBody(incoming: FastifyRequest["raw"], reply: FastifyReply, limits: typeof REFUSED_BODY_DRAIN): void {
  if (incoming.complete) return;
  if (String(reply.getHeader("connection") ?? "").toLowerCase() === "close") reply.removeHeader("connection");
  reply.raw.once("finish", () => {
    const socket = incoming.socket as typeof incoming.socket | undefined;
    // An injected request (tests) has no real socket to watch.
    if (incoming.complete || !socket || typeof socket.destroy !== "function" || socket.destroyed) return;
    // Node discards a dumped body below the stream (no 'data' events), so the socket's byte count
    // is what tells how much more came in.
    const startedAt = Date.now();
    const readBefore = socket.bytesRead;
    const watch = setInterval(() => {
      if (incoming.complete || socket.destroyed) return clearInterval(watch);
      if (socket.bytesRead - readBefore > limits.bytes || Date.now() - startedAt > limits.ms) {
        clearInterval(watch);
        socket.destroy();
      }
    }, 50);
    watch.unref();
  });
}
