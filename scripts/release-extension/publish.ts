import { copyFile, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { FIREFOX_ADDON_ID } from "../../common/api/extension-packages";
import { createSignedExtensionReader, SIGNED_EXTENSIONS_FILE, type SignedExtensions, signedExtensionsSchema } from "../../server/downloads/signed-extension";

/**
 * Puts the signed .xpi where the server offers it: the file in RELEASES_DIR, then `signed-extensions.json` naming
 * it. Before the record stays, the server's own check reads it back, so `/download` never points at a package it
 * would refuse; a package that fails the check leaves the previous record as it was.
 */
export async function publishSignedFirefox(
  options: { releasesDir: string; serverUrl: string; version: string; signedXpi: string; now: Date },
): Promise<{ fileName: string }> {
  await mkdir(options.releasesDir, { recursive: true });
  const fileName = `tabvault-firefox-${options.version}-signed.xpi`;
  await copyFile(options.signedXpi, join(options.releasesDir, fileName));

  const recordPath = join(options.releasesDir, SIGNED_EXTENSIONS_FILE);
  const previous = await readFile(recordPath, "utf8").catch(() => null);
  const kept = previous === null ? {} : signedExtensionsSchema.catch({}).parse(parseOrNull(previous));
  const record: SignedExtensions = {
    ...kept,
    firefox: { version: options.version, fileName, serverUrl: options.serverUrl, addonId: FIREFOX_ADDON_ID, signedAt: options.now.toISOString() },
  };
  await writeFile(`${recordPath}.tmp`, `${JSON.stringify(record, null, 2)}\n`);
  await rename(`${recordPath}.tmp`, recordPath);

  const offered = await createSignedExtensionReader({ releasesDir: options.releasesDir, publicUrl: options.serverUrl }).signedFirefox();
  if (offered.built) return { fileName };
  if (previous === null) await rm(recordPath, { force: true });
  else await writeFile(recordPath, previous);
  throw new Error(`The signed package was not published: ${offered.problem ?? "the server would not offer it"}`);
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
