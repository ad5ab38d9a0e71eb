import { strToU8, unzipSync, zipSync } from "fflate";

/**
 * What Mozilla's signing adds to an add-on, played by tests: the META-INF files of a signed .xpi (names as
 * addons.mozilla.org writes them; the contents are stand-ins, as only Mozilla's key makes a real signature).
 */
export function signLikeMozilla(xpi: Uint8Array): Uint8Array {
  const files = unzipSync(xpi);
  for (const name of ["manifest.mf", "mozilla.sf", "mozilla.rsa", "cose.manifest", "cose.sig"]) {
    files[`META-INF/${name}`] = strToU8(`stand-in ${name}\n`);
  }
  return zipSync(files);
}

/** A small Firefox package built for `serverUrl`, as `wxt zip -b firefox` writes one (decision 211). */
export function firefoxPackage(options: { serverUrl: string; version?: string; addonId?: string }): Uint8Array {
  const manifest = {
    manifest_version: 3,
    name: "TabVault",
    version: options.version ?? "0.1.0",
    host_permissions: ["http://localhost/*", "http://127.0.0.1/*", `${new URL(options.serverUrl).origin}/*`],
    browser_specific_settings: { gecko: { id: options.addonId ?? "extension@tabvault.app" } },
    background: { scripts: ["background.js"] },
  };
  return zipSync({
    "manifest.json": strToU8(JSON.stringify(manifest)),
    "background.js": strToU8("// TabVault background (test package)\n"),
    "server-config.json": strToU8(JSON.stringify({ serverUrl: new URL(options.serverUrl).origin })),
  });
}
