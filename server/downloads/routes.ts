import send from "@fastify/send";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  DOWNLOAD_LINK_HOURS,
  downloadAndroidApk,
  downloadReleaseFile,
  generateDownloadLink,
  getApkInfo,
  listAvailableDownloads,
  type Platform,
  platformNames,
} from "@common/api/downloads";
import { emailLookupLimits, requestedEmailKey } from "../accounts/rate-limit-rules";
import { findUserByEmail } from "../accounts/users";
import type { Database } from "../db/database";
import { endpointRoute } from "../http/endpoint-route";
import { clientAddress, rateLimitGuard } from "../rate-limits/rate-limits";
import { appendSystemLog } from "../system-log/append";
import { countDownload } from "./counts";
import { endAfter } from "./end-after";
import { downloadItems, type Manifest, readManifest, releaseFile } from "./releases";
import { createLinkSigner } from "./signed-links";

export interface DownloadRoutesOptions {
  db: Database;
  releasesDir: string;
  secret: string;
}

const notAvailable = (platform: Platform) => (platform === "android" ? "Android APK not available" : `${platformNames[platform]} installer not available`);
const minutes = (count: number) => count * 60_000;

/** Release files: the list, signed 24-hour links, and the files themselves. */
export const downloadRoutes: FastifyPluginAsyncZod<DownloadRoutesOptions> = async (app, { db, releasesDir, secret }) => {
  const signer = createLinkSigner(secret);
  const limitLinks = rateLimitGuard(app, [
    { name: "download-link-ip", max: 60, windowMs: minutes(15), key: clientAddress, message: (wait) => `Too many download requests from your network. Try again in ${wait}.` },
    {
      name: "download-link-email",
      max: 20,
      windowMs: minutes(15),
      // Normalised here too, not only by the validator, so no spelling of an address opens a new budget.
      key: requestedEmailKey,
      message: (wait) => `Too many download links for this address. Try again in ${wait}.`,
    },
  ]);
  const limitLookups = rateLimitGuard(app, emailLookupLimits);

  let reportedProblem: string | null = null;
  /** The manifest; a broken one is reported once (log and system log) until it changes, not per request. */
  async function releases(request: FastifyRequest): Promise<Manifest> {
    const manifest = await readManifest(releasesDir);
    if (manifest.problem !== null && manifest.problem !== reportedProblem) {
      request.log.warn({ problem: manifest.problem }, "release manifest ignored in part or whole");
      void appendSystemLog(db, "warning", `Downloads: ${manifest.problem}`, (failure) => request.log.warn({ err: failure }, "could not write the system log"));
    }
    reportedProblem = manifest.problem;
    return manifest;
  }

  /** A verified address, or a signed-in account asking for its own. */
  async function canDownload(request: FastifyRequest, email: string | undefined): Promise<boolean> {
    const account = await request.loadAccount();
    if (account && (email === undefined || email === account.user.email)) return true;
    if (email === undefined) return false;
    const user = await findUserByEmail(db, email);
    return user?.emailVerifiedAt != null;
  }

  /** Streams a release file with Range, ETag and Content-Length; counts it once it was sent whole. */
  async function serveFile(request: FastifyRequest, reply: FastifyReply, platform: Platform, fileName: string) {
    const result = await send(request.raw, encodeURIComponent(fileName), {
      root: releasesDir,
      dotfiles: "deny",
      index: false,
      acceptRanges: true,
      etag: true,
      lastModified: true,
      cacheControl: false,
    });
    if (result.type !== "file") {
      result.stream.destroy?.();
      return reply.code(404).send({ message: notAvailable(platform) });
    }
    const size = result.metadata.stat.size;
    const range = result.headers["content-range"];
    // A whole file, or the range that ends it (a resumed download), is one completed download; a HEAD
    // transfers nothing. It is counted once the last byte was handed on, and the response ends only
    // after that, so the count is stored by the time the client has the file.
    const completes = request.method === "GET" && (result.statusCode === 200 || (result.statusCode === 206 && range?.endsWith(`-${size - 1}/${size}`)));
    const countCompleted = async () => {
      await Promise.all([
        countDownload(db, platform, app.clock()).catch((error: unknown) => request.log.warn({ err: error }, "download not counted")),
        appendSystemLog(db, "info", `Download completed: ${platformNames[platform]} ${fileName}`),
      ]);
    };
    return reply
      .code(result.statusCode)
      .headers(result.headers)
      .header("content-type", platform === "android" ? "application/vnd.android.package-archive" : "application/octet-stream")
      .header("content-disposition", `attachment; filename="${fileName.replace(/"/g, "")}"`)
      .header("cache-control", "private, no-store")
      .send(completes ? endAfter(result.stream, countCompleted) : result.stream);
  }

  app.route({
    ...endpointRoute(listAvailableDownloads),
    preHandler: limitLookups,
    handler: async (request) => ({
      downloads: await downloadItems(releasesDir, await releases(request)),
      canDownload: await canDownload(request, request.query.email),
    }),
  });

  app.route({
    ...endpointRoute(generateDownloadLink),
    preHandler: limitLinks,
    handler: async (request, reply) => {
      const { platform, email } = request.body;
      if (!(await canDownload(request, email))) {
        return reply.code(403).send({ message: "Please check your email for verification before downloading" });
      }
      const file = await releaseFile(releasesDir, await releases(request), platform);
      if (!file) return reply.code(404).send({ message: notAvailable(platform) });
      return {
        downloadUrl: signer.sign({ platform, fileName: file.release.fileName, email }, app.clock()),
        message: `Your ${platformNames[platform]} download (version ${file.release.version}) is ready. The link works for ${DOWNLOAD_LINK_HOURS} hours.`,
        platform,
      };
    },
  });

  app.route({
    ...endpointRoute(downloadReleaseFile),
    handler: async (request, reply) => {
      const { platform, fileName } = request.params;
      const { email, expires, signature } = request.query;
      const verdict = signer.verify({ platform, fileName, email, expires }, signature, app.clock());
      if (verdict === "invalid") {
        return reply.code(403).send({ message: "This download link is not valid. Request a new one from the download page." });
      }
      if (verdict === "expired") {
        return reply.code(410).send({ message: `This download link has expired (links work for ${DOWNLOAD_LINK_HOURS} hours). Request a new one from the download page.` });
      }
      const file = await releaseFile(releasesDir, await releases(request), platform);
      // A link for a file the manifest no longer names is as gone as an expired one.
      if (!file || file.release.fileName !== fileName) return reply.code(404).send({ message: notAvailable(platform) });
      return serveFile(request, reply, platform, fileName);
    },
  });

  app.route({
    ...endpointRoute(getApkInfo),
    handler: async (request, reply) => {
      const file = await releaseFile(releasesDir, await releases(request), "android");
      return file ? { size: file.size } : reply.code(404).send({ message: notAvailable("android") });
    },
  });

  app.route({
    ...endpointRoute(downloadAndroidApk),
    handler: async (request, reply) => {
      const file = await releaseFile(releasesDir, await releases(request), "android");
      if (!file) return reply.code(404).send({ message: notAvailable("android") });
      return serveFile(request, reply, "android", file.release.fileName);
    },
  });
};
