import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { clientRoutes } from "@common/routes";
import { isServerPath } from "@common/server-paths";

const clientRoutePaths: ReadonlySet<string> = new Set(clientRoutes);

/** The media ranges an Accept header admits (q above 0), lower-cased, parameters dropped. */
function acceptedTypes(accept: string): string[] {
  return accept
    .split(",")
    .map((range) => {
      const [type = "", ...parameters] = range.split(";").map((part) => part.trim().toLowerCase());
      const quality = parameters.find((parameter) => parameter.startsWith("q="));
      return { type, admitted: quality === undefined || Number(quality.slice(2)) > 0 };
    })
    .filter(({ type, admitted }) => type !== "" && admitted)
    .map(({ type }) => type);
}

function isJsonType(type: string): boolean {
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

/**
 * Whether a GET is answered with the app's page. A client route gets it unless the request asks for JSON and
 * nothing else (an API client that mistyped a path wants the 404 `{message}`); curl's any-type Accept, no Accept
 * at all and every browser get the page. Any other path gets it only when HTML is asked for, so a missing file
 * stays a 404.
 */
function wantsPage(path: string, acceptHeader: string | undefined): boolean {
  const accepted = acceptedTypes(acceptHeader ?? "");
  if (clientRoutePaths.has(path)) return accepted.length === 0 || !accepted.every(isJsonType);
  return accepted.includes("text/html");
}

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
    if (request.method !== "GET" && request.method !== "HEAD") return undefined;
    if (isServerPath(request.url) || !wantsPage(request.url.split("?")[0] ?? "", request.headers.accept)) return undefined;
    return reply.code(200).header("cache-control", "no-cache").sendFile("index.html");
  };
}
