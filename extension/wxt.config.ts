import { fileURLToPath } from "node:url";
import { defineConfig } from "wxt";
import { EXTENSION_FIREFOX_ANDROID_MIN_VERSION, EXTENSION_FIREFOX_MIN_VERSION } from "../common/browser-support";
import { TABVAULT_VERSION } from "../common/release";

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
    host_permissions: ["http://localhost/*", "http://127.0.0.1/*"],
    // Form capture on every site, and a server set by hand in the options, are asked for at run time.
    optional_host_permissions: ["<all_urls>"],
    ...(browser === "firefox"
      ? {
          browser_specific_settings: {
            gecko: {
              id: "extension@tabvault.app",
              strict_min_version: EXTENSION_FIREFOX_MIN_VERSION,
              data_collection_permissions: { required: ["browsingActivity", "websiteContent"] },
            },
            gecko_android: { strict_min_version: EXTENSION_FIREFOX_ANDROID_MIN_VERSION },
          },
        }
      : {}),
  }),
});
