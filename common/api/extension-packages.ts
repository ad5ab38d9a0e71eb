import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { errorResponseSchema } from "./errors";

/** The browser extension's two builds: one for every Chromium browser, one for Firefox. */
export const extensionTargets = ["chromium", "firefox"] as const;
export type ExtensionTarget = (typeof extensionTargets)[number];

export const extensionTargetNames: Record<ExtensionTarget, string> = {
  chromium: "TabVault for Chrome / Edge / Brave / Opera",
  firefox: "TabVault for Firefox",
};

/**
 * The Firefox add-on's id (`browser_specific_settings.gecko.id`). It never changes: Mozilla signs versions of
 * this id, and Firefox updates an installed add-on only to a version with the same id (decision 211).
 */
export const FIREFOX_ADDON_ID = "extension@tabvault.app";

/**
 * How a person installs each package by hand when it is this server's own unsigned build: loaded unpacked in
 * Chromium browsers; Firefox's release channel installs only add-ons Mozilla signed (product claim C142).
 */
export const extensionInstallSteps: Record<ExtensionTarget, readonly string[]> = {
  chromium: [
    "Download the package and unzip it into a folder of its own. Keep the folder: the browser loads TabVault from it.",
    "Open chrome://extensions (edge://extensions in Edge, brave://extensions in Brave, opera://extensions in Opera).",
    "Turn on Developer mode.",
    "Click “Load unpacked” and pick the unzipped folder, the one with manifest.json in it.",
    "Click the TabVault icon in the toolbar (pin it from the puzzle-piece menu), then “Connect to TabVault”, and confirm the code on the page that opens.",
  ],
  firefox: [
    "Download the package (.xpi). It is not signed by Mozilla, so the regular Firefox release will not install it for good.",
    "In Firefox Developer Edition, Nightly or ESR: open about:config, set xpinstall.signatures.required to false, then in about:addons click the gear, “Install Add-on From File…”, and pick the .xpi.",
    "Or, in any Firefox until it restarts: open about:debugging#/runtime/this-firefox, click “Load Temporary Add-on…” and pick the .xpi.",
    "Click the TabVault icon in the toolbar, then “Connect to TabVault”, and confirm the code on the page that opens.",
  ],
};

/**
 * The Firefox steps once `npm run release:extension` has published a package Mozilla signed for this server
 * (product claim C320): any Firefox installs it for good.
 */
export const signedFirefoxInstallSteps: readonly string[] = [
  "In Firefox, click “Add to Firefox”. Firefox asks to let this site install an add-on (click “Continue to Installation”), then whether to add TabVault: click Add. The package is signed by Mozilla, so every Firefox installs it for good.",
  "Or download it from another browser, then in Firefox open about:addons, click the gear, “Install Add-on From File…”, and pick the .xpi.",
  "Click the TabVault icon in the toolbar, then “Connect to TabVault”, and confirm the code on the page that opens.",
];

export const extensionPackageSchema = z.object({
  target: z.enum(extensionTargets),
  name: z.string(),
  /** From the built extension's manifest; null when there is no build to offer. */
  version: z.string().nullable(),
  /** e.g. tabvault-chromium-1.2.0.zip or tabvault-firefox-1.2.0.xpi; null when not available. */
  fileName: z.string().nullable(),
  /** For people, e.g. "180 KB"; null when not available. */
  size: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  available: z.boolean(),
  /** True when the package is one Mozilla signed (a release published in RELEASES_DIR), not this server's own build. */
  signed: z.boolean(),
  installSteps: z.array(z.string()),
});
export type ExtensionPackage = z.infer<typeof extensionPackageSchema>;

export const extensionPackagesSchema = z.object({ packages: z.array(extensionPackageSchema) });

/** GET: the extension packages this server offers, each set up to talk to this server. Public. */
export const listExtensionPackages = defineEndpoint({
  method: "GET",
  path: "/api/downloads/extensions",
  responses: { 200: extensionPackagesSchema },
});

/**
 * GET (a link): the package itself: the signed Firefox release when one is published for this server,
 * otherwise zipped from the built extension at request time. Public.
 */
export const downloadExtensionPackage = defineEndpoint({
  method: "GET",
  path: "/download/extension/:target",
  params: z.object({ target: z.enum(extensionTargets, { message: "Unknown browser: the packages are chromium and firefox" }) }),
  responses: { 400: errorResponseSchema, 404: errorResponseSchema },
  answers: "file",
});
