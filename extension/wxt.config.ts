import { fileURLToPath } from "node:url";
import { defineConfig } from "wxt";
import { EXTENSION_FIREFOX_ANDROID_MIN_VERSION, EXTENSION_FIREFOX_MIN_VERSION } from "../common/browser-support";
import { FIREFOX_ADDON_ID } from "../common/api/extension-packages";
import { TABVAULT_VERSION } from "../common/release";
import { originPattern, serverOrigin } from "./src/server-config";

/**
 * A store package is signed as it is, so the server it talks to goes in when it is built, not when it is
 * served: `npm run release:extension` sets TABVAULT_SERVER_URL (docs/decisions/211-store-packages-built-for-one-server.md).
 * Unset, the build names no server and the server that serves it writes its own address in.
 */
function releaseServerUrl(): string | null {
  const value = process.env.TABVAULT_SERVER_URL;
  if (value === undefined || value === "") return null;
  const origin = serverOrigin(value);
  if (!origin) throw new Error(`TABVAULT_SERVER_URL must be an http(s) address, not ${JSON.stringify(value)}`);
  return origin;
}
const serverUrl = releaseServerUrl();

/**
 * One source, two targets: `wxt build extension -b chrome` and `-b firefox --mv3`. The output lands in
 * the repository's dist/ beside the client and the server, so the server can package and serve it.
 */
export default defineConfig({
  outDir: "../dist/extension",
  outDirTemplate: "{{browser}}-mv{{manifestVersion}}",
  // Explicit imports: the modules are plain TypeScript that tsc and the tests read without WXT's globals.
  imports: false,
  alias: { "@common": fileURLToPath(new URL("../common", import.meta.url)) },
  manifestVersion: 3,
  manifest: ({ browser }) => ({
    name: "TabVault",
    description: "Keeps every tab of every window backed up off the device, and puts them back in one click after an accidental close.",
    version: TABVAULT_VERSION,
    icons: { 16: "icons/16.png", 32: "icons/32.png", 48: "icons/48.png", 96: "icons/96.png", 128: "icons/128.png" },
    action: { default_title: "TabVault", default_icon: { 16: "icons/16.png", 32: "icons/32.png" } },
    permissions: [
      "storage",
      "unlimitedStorage",
      "tabs",
      "alarms",
      "notifications",
      "sessions",
      "scripting",
      "tabGroups",
    ],
    // The server the extension was downloaded from adds its own origin here when it packages the build;
    // localhost on any port keeps development and the tests (random ports) working without a prompt.
    host_permissions: ["http://localhost/*", "http://127.0.0.1/*", ...(serverUrl ? [originPattern(serverUrl)] : [])],
    // Form capture on every site, and a server set by hand in the options, are asked for at run time.
    optional_host_permissions: ["<all_urls>"],
    ...(browser === "firefox"
      ? {
          browser_specific_settings: {
            gecko: {
              id: FIREFOX_ADDON_ID,
              strict_min_version: EXTENSION_FIREFOX_MIN_VERSION,
              data_collection_permissions: { required: ["browsingActivity", "websiteContent"] },
            },
            gecko_android: { strict_min_version: EXTENSION_FIREFOX_ANDROID_MIN_VERSION },
          },
        }
      : {}),
  }),
  hooks: {
    "build:publicAssets": (_wxt, files) => {
      if (!serverUrl) return;
      const kept = files.filter((file) => file.relativeDest !== "server-config.json");
      files.splice(0, files.length, ...kept, { relativeDest: "server-config.json", contents: `${JSON.stringify({ serverUrl }, null, 2)}\n` });
    },
  },
  // `wxt zip`: the store packages, and for Firefox the source archive AMO's reviewers rebuild it from. Only
  // what the build reads goes in (everything else is excluded, then these are let back in).
  zip: {
    artifactTemplate: "tabvault-{{version}}-{{browser}}.zip",
    sourcesTemplate: "tabvault-{{version}}-sources.zip",
    sourcesRoot: fileURLToPath(new URL("..", import.meta.url)),
    excludeSources: ["**"],
    includeSources: [
      "package.json",
      "package-lock.json",
      "tsconfig.base.json",
      "tsconfig.extension.json",
      "common/**",
      "extension/BUILDING.md",
      "extension/wxt.config.ts",
      "extension/entrypoints/**",
      "extension/src/**",
      "extension/public/**",
    ],
  },
});
