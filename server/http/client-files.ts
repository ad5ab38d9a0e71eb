import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isServerPath } from "@common/server-paths";


/**
 * Serves the built client (dist/client) when it exists: Vite's hashed files under /assets/ are
 * cached for a year, everything else is revalidated so a deploy shows up on the next load. The build
 * writes .br and .gz copies beside the text files (scripts/compress-client.mjs); they are sent to
 * browsers that accept them, so nothing is compressed per request.
 * Returns the SPA fallback for client routes, or undefined when there is no built client.
 */
export async function registerClientFiles(
  app: FastifyInstance,
  clientDir: string,
): Promise<((request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined) | undefined> {
  clientDir = resolve(clientDir);
  if (!existsSync(join(clientDir, "index.html"))) return undefined;
  await app.register(fastifyStatic, {
    root: clientDir,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (response, path) => {
      const relative = path.slice(clientDir.length).replaceAll("\\", "/");
      response.header(
        "cache-control",
        relative.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
      );
    },
  });
  return (request, reply) => {
    const acceptsHtml = (request.headers.accept ?? "").includes("text/html");
    if ((request.method !== "GET" && request.method !== "HEAD") || !acceptsHtml) return undefined;
    if (isServerPath(request.url)) return undefined;
    return reply.code(200).header("cache-control", "no-cache").sendFile("index.html");
  };
}
