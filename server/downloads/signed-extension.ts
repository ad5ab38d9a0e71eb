import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { z } from "zod";
import { FIREFOX_ADDON_ID } from "@common/api/extension-packages";
import type { BuiltPackage, PackageOutcome } from "./extension-packages";
import { fileNameSchema } from "./releases";

/**
 * What `npm run release:extension` writes into RELEASES_DIR after Mozilla signed a version: the record of the
 * signed package beside the file itself (docs/decisions/211-store-packages-built-for-one-server.md).
 */
export const SIGNED_EXTENSIONS_FILE = "signed-extensions.json";

const signedEntrySchema = z.object({
  version: z.string().regex(/^[0-9][0-9A-Za-z.+-]{0,49}$/),
  fileName: fileNameSchema,
  /** The server the package was built for: it is signed as it is, so it talks to this server only. */
  serverUrl: z.url(),
  addonId: z.string(),
  signedAt: z.iso.datetime(),
});
export type SignedEntry = z.infer<typeof signedEntrySchema>;

export const signedExtensionsSchema = z.looseObject({ firefox: signedEntrySchema.optional() });
export type SignedExtensions = z.infer<typeof signedExtensionsSchema>;

/** A signed add-on is a few hundred KB; anything far larger is not one, and is not read into memory. */
const maxSignedBytes = 64 * 1024 * 1024;

/** Files Mozilla's signing adds to an add-on (PKCS#7 and COSE signatures); a package without them is not signed. */
const signatureFiles = ["META-INF/mozilla.rsa", "META-INF/cose.sig"];

const packagedManifestSchema = z.looseObject({
  version: z.string(),
  browser_specific_settings: z.looseObject({ gecko: z.looseObject({ id: z.string() }) }),
});
const serverConfigSchema = z.looseObject({ serverUrl: z.string() });

function originOf(url: string): string | null {
  return URL.canParse(url) ? new URL(url).origin : null;
}

/**
 * The signed Firefox package published in RELEASES_DIR for this server, checked before it is offered: its record
 * is valid, its file is there, it carries Mozilla's signature files, the stable add-on id, the recorded version,
 * and this server's address (a package built for another server would connect there). The signature itself is
 * Firefox's to verify when it installs. Anything wrong leaves the unsigned build in place with a `problem` for
 * the operator; nothing here answers an error to a visitor. The file is re-read only when its size or time change.
 */
export function createSignedExtensionReader(options: { releasesDir: string; publicUrl: string }) {
  let cached: { fingerprint: string; outcome: PackageOutcome } | null = null;

  async function signedFirefox(): Promise<PackageOutcome> {
    let json: unknown;
    try {
      json = JSON.parse(await readFile(join(options.releasesDir, SIGNED_EXTENSIONS_FILE), "utf8"));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") return { built: null, problem: null };
      return { built: null, problem: `RELEASES_DIR/${SIGNED_EXTENSIONS_FILE} cannot be read (${error instanceof SyntaxError ? error.message : (code ?? String(error))})` };
    }
    const record = signedExtensionsSchema.safeParse(json);
    if (!record.success) {
      return { built: null, problem: `RELEASES_DIR/${SIGNED_EXTENSIONS_FILE} is not usable (${record.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ")})` };
    }
    const entry = record.data.firefox;
    if (!entry) return { built: null, problem: null };
    const path = join(options.releasesDir, entry.fileName);
    let info;
    try {
      info = await stat(path);
    } catch {
      return { built: null, problem: `The signed Firefox package ${entry.fileName} named in RELEASES_DIR/${SIGNED_EXTENSIONS_FILE} is missing` };
    }
    if (!info.isFile() || info.size > maxSignedBytes) return { built: null, problem: `RELEASES_DIR/${entry.fileName} is not a signed Firefox package` };
    const fingerprint = JSON.stringify([entry, info.size, info.mtimeMs, options.publicUrl]);
    if (cached?.fingerprint !== fingerprint) cached = { fingerprint, outcome: checkPackage(entry, new Uint8Array(await readFile(path)), options.publicUrl) };
    return cached.outcome;
  }

  return { signedFirefox };
}

function checkPackage(entry: SignedEntry, bytes: Uint8Array, publicUrl: string): PackageOutcome {
  const refuse = (why: string): PackageOutcome => ({ built: null, problem: `The signed Firefox package RELEASES_DIR/${entry.fileName} is not offered: ${why}` });
  let files: Record<string, Uint8Array>;
  try {
    const wanted = new Set(["manifest.json", "server-config.json", ...signatureFiles]);
    files = unzipSync(bytes, { filter: (file) => wanted.has(file.name) });
  } catch (error) {
    return refuse(`it is not a zip (${String(error)})`);
  }
  if (!signatureFiles.some((name) => files[name])) return refuse("it carries no Mozilla signature (META-INF/mozilla.rsa or META-INF/cose.sig)");
  const manifest = packagedManifestSchema.safeParse(parseJson(files["manifest.json"]));
  if (!manifest.success) return refuse("its manifest.json is missing or has no add-on id");
  if (manifest.data.browser_specific_settings.gecko.id !== FIREFOX_ADDON_ID || entry.addonId !== FIREFOX_ADDON_ID) {
    return refuse(`its add-on id is ${manifest.data.browser_specific_settings.gecko.id}, not ${FIREFOX_ADDON_ID}`);
  }
  if (manifest.data.version !== entry.version) return refuse(`its manifest says version ${manifest.data.version}, the record ${entry.version}`);
  const serverConfig = serverConfigSchema.safeParse(parseJson(files["server-config.json"]));
  const packaged = serverConfig.success ? originOf(serverConfig.data.serverUrl) : null;
  if (packaged === null || packaged !== originOf(publicUrl) || originOf(entry.serverUrl) !== packaged) {
    return refuse(`it was built for ${packaged ?? "no server"}, and this server is ${originOf(publicUrl) ?? publicUrl}`);
  }
  const built: BuiltPackage = { target: "firefox", version: entry.version, fileName: entry.fileName, bytes, signed: true };
  return { built };
}

function parseJson(bytes: Uint8Array | undefined): unknown {
  if (!bytes) return undefined;
  try {
    return JSON.parse(strFromU8(bytes));
  } catch {
    return undefined;
  }
}
