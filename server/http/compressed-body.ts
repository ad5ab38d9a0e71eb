import { Transform } from "node:stream";
import { createGunzip } from "node:zlib";
import type { preParsingAsyncHookHandler } from "fastify";

/** A 4xx with its own message, answered by the error handler as `{message}`. */
class BodyError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = "BodyError";
  }
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Passes bytes through, counting them, and fails once more than `max` went by. */
function byteLimit(max: number, exceeded: () => Error, onCount?: (total: number) => void): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      onCount?.(total);
      if (total > max) return callback(exceeded());
      callback(null, chunk);
    },
  });
}

/**
 * A route's `preParsing` hook that accepts gzip request bodies. Both limits hold whatever the
 * encoding: `wireBytes` on what arrives, `decompressedBytes` on the JSON once inflated, counted as it
 * is inflated, so a gzip bomb stops at the cap instead of filling memory (413). Any other encoding is
 * 415. Give the route a `bodyLimit` of at least `decompressedBytes`: Fastify applies it to the stream
 * this returns.
 */
export function gzipRequestBodies({ wireBytes, decompressedBytes }: { wireBytes: number; decompressedBytes: number }): preParsingAsyncHookHandler {
  return async (request, _reply, payload) => {
    const encoding = (request.headers["content-encoding"] ?? "identity").trim().toLowerCase();
    const gzip = encoding === "gzip" || encoding === "x-gzip";
    if (!gzip && encoding !== "identity" && encoding !== "") {
      throw new BodyError(415, `Unsupported Content-Encoding "${encoding.slice(0, 40)}": send the body as is or with gzip`);
    }
    const tooLarge = () => new BodyError(413, `The request body is larger than ${megabytes(wireBytes)}`);
    if (Number(request.headers["content-length"]) > wireBytes) throw tooLarge();

    // Fastify compares this with Content-Length once the body has been read.
    const received = { bytes: 0 };
    const wire = byteLimit(wireBytes, tooLarge, (total) => (received.bytes = total));
    let out: Transform = wire;
    payload.pipe(wire);
    if (gzip) {
      const gunzip = createGunzip();
      out = byteLimit(decompressedBytes, () => new BodyError(413, `The request body is larger than ${megabytes(decompressedBytes)} once decompressed`));
      wire.on("error", (error) => out.destroy(error));
      gunzip.on("error", () => out.destroy(new BodyError(400, "The request body is not valid gzip")));
      wire.pipe(gunzip).pipe(out);
      // Stop inflating as soon as the reader gives up (past the cap, or on any error).
      out.on("close", () => {
        payload.unpipe(wire);
        gunzip.destroy();
        wire.destroy();
      });
    } else {
      out.on("close", () => payload.unpipe(wire));
    }
    Object.defineProperty(out, "receivedEncodedLength", { get: () => received.bytes });
    return out;
  };
}
