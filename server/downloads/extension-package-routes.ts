import type { FastifyBaseLogger, FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type ExtensionTarget, downloadExtensionPackage, extensionTargetNames, extensionTargets, listExtensionPackages } from "@common/api/extension-packages";
import type { Database } from "../db/database";
import { endpointRoute } from "../http/endpoint-route";
import { appendSystemLog } from "../system-log/append";
import { type BuiltPackage, createExtensionPackager, describePackage, type PackageOutcome } from "./extension-packages";
import { createSignedExtensionReader } from "./signed-extension";

export interface ExtensionPackageRoutesOptions {
  db: Database;
  /** The built extension (dist/extension), one directory per target; undefined offers nothing. */
  extensionDir: string | undefined;
  publicUrl: string;
  /** Where `npm run release:extension` publishes the package Mozilla signed (signed-extension.ts). */
  releasesDir: string;
}

/**
 * The browser extension from `/download` with no operator step: whatever `npm run build`
 * put in dist/extension is zipped on request for this server. Public, like the page: connecting the
 * installed extension needs an account anyway (docs/decisions/102-extension-downloads-are-public.md).
 */
export const extensionPackageRoutes: FastifyPluginAsyncZod<ExtensionPackageRoutesOptions> = async (app, options) => {
  const packager = createExtensionPackager(options);
  const signed = createSignedExtensionReader(options);
  const reported = new Map<string, string | null>();

  /** A problem is logged once until it changes, never answered as an error. */
  function report(key: string, outcome: PackageOutcome, log: FastifyBaseLogger): void {
    const problem = outcome.built ? null : outcome.problem;
    if (problem !== null && problem !== reported.get(key)) log.warn({ problem }, "extension package not offered");
    reported.set(key, problem);
  }

  /**
   * A target's package: for Firefox the signed release when one is published for this server (product claim
   * C320), else this server's own build, as for Chromium.
   */
  async function packageOf(target: ExtensionTarget, log: FastifyBaseLogger): Promise<PackageOutcome> {
    if (target === "firefox") {
      const release = await signed.signedFirefox();
      report("signed-firefox", release, log);
      if (release.built) return release;
    }
    const outcome = await packager.packageFor(target);
    report(target, outcome, log);
    return outcome;
  }

  app.route({
    ...endpointRoute(listExtensionPackages),
    handler: async (request) => ({
      packages: await Promise.all(extensionTargets.map(async (target) => describePackage(target, await packageOf(target, request.log)))),
    }),
  });

  app.route({
    ...endpointRoute(downloadExtensionPackage),
    handler: async (request, reply) => {
      const { target } = request.params;
      const outcome = await packageOf(target, request.log);
      if (!outcome.built) return reply.code(404).send({ message: `${extensionTargetNames[target]} is not built on this server yet` });
      // The admin's log shows downloads: the extension's beside the apps' release files.
      if (request.method === "GET") {
        await appendSystemLog(options.db, "info", `Download: ${extensionTargetNames[target]} ${outcome.built.fileName}`, (error) =>
          request.log.warn({ err: error }, "could not write the system log"),
        );
      }
      return sendPackage(reply, outcome.built);
    },
  });
};

/** The package; a plain reply, as the contract describes only the errors (the file is reached by URL). */
function sendPackage(reply: FastifyReply, { target, fileName, bytes, signed }: BuiltPackage): FastifyReply {
  return (
    reply
      .code(200)
      // A signed .xpi goes as application/x-xpinstall and inline, so following the link in Firefox asks to add
      // it (C320). The unsigned one as octet-stream and an attachment: Firefox's release channel would try to
      // install it at once and refuse it; as a file it can be loaded as the install steps say (C142).
      .header("content-type", signed ? "application/x-xpinstall" : target === "chromium" ? "application/zip" : "application/octet-stream")
      .header("content-disposition", `${signed ? "inline" : "attachment"}; filename="${fileName}"`)
      .header("cache-control", "no-store")
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
  );
}
