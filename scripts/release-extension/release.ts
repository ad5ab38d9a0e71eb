import { readFile } from "node:fs/promises";
import { type ChromeDeps, submitToChromeWebStore } from "./chrome-web-store";
import type { FirefoxKeys, ReleaseConfig } from "./config";
import type { StorePackages } from "./build";
import { publishSignedFirefox } from "./publish";

export interface ReleaseDeps {
  buildPackages(serverUrl: string): Promise<StorePackages>;
  signFirefox(keys: FirefoxKeys, build: StorePackages): Promise<{ xpiPath: string; cleanUp(): Promise<void> }>;
  chrome: ChromeDeps;
  now(): Date;
  log(line: string): void;
}

export interface ReleaseOutcome {
  packages: StorePackages;
  /** One line per store asked for: what it did, or why it failed. */
  results: { store: "firefox" | "chrome"; ok: boolean; message: string }[];
}

/**
 * Builds the store packages for the configured server, then releases each store that has keys: Firefox signed by
 * Mozilla and published in RELEASES_DIR for `/download`, Chrome uploaded and submitted for review. One store
 * failing does not stop the other; the outcome says what each did.
 */
export async function releaseExtension(config: ReleaseConfig, deps: ReleaseDeps): Promise<ReleaseOutcome> {
  const packages = await deps.buildPackages(config.serverUrl);
  deps.log(`Store packages for ${config.serverUrl}, version ${packages.version}:\n  ${packages.chromeZip}\n  ${packages.firefoxZip}\n  ${packages.sourcesZip}`);
  const results: ReleaseOutcome["results"] = [];

  if (config.firefox) {
    try {
      const signed = await deps.signFirefox(config.firefox, packages);
      try {
        const { fileName } = await publishSignedFirefox({
          releasesDir: config.releasesDir,
          serverUrl: config.serverUrl,
          version: packages.version,
          signedXpi: signed.xpiPath,
          now: deps.now(),
        });
        results.push({ store: "firefox", ok: true, message: `signed by Mozilla and published as ${config.releasesDir}/${fileName}; /download offers it now` });
      } finally {
        await signed.cleanUp();
      }
    } catch (error) {
      results.push({ store: "firefox", ok: false, message: error instanceof Error ? error.message : String(error) });
    }
  }

  if (config.chrome) {
    try {
      const zip = new Uint8Array(await readFile(packages.chromeZip));
      const submitted = await submitToChromeWebStore(config.chrome, zip, packages.version, deps.chrome);
      results.push({ store: "chrome", ok: true, message: `version ${submitted.version} submitted to item ${submitted.itemId} (${submitted.state})` });
    } catch (error) {
      results.push({ store: "chrome", ok: false, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return { packages, results };
}
