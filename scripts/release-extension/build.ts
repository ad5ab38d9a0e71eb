import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const root = fileURLToPath(new URL("../..", import.meta.url));
const outDir = join(root, "dist", "extension");

/** The store packages of one version, built for one server. */
export interface StorePackages {
  version: string;
  /** The Chrome Web Store upload. */
  chromeZip: string;
  /** The unpacked Firefox build that web-ext signs (the same files as firefoxZip). */
  firefoxDir: string;
  firefoxZip: string;
  /** The source archive addons.mozilla.org's review asks for, with extension/BUILDING.md. */
  sourcesZip: string;
}

/**
 * `wxt zip` for both targets with TABVAULT_SERVER_URL set, so each package names the server it talks to
 * (extension/wxt.config.ts); the Firefox run also writes the source archive.
 */
export async function buildStorePackages(serverUrl: string, log: (line: string) => void): Promise<StorePackages> {
  for (const target of [["-b", "chrome"], ["-b", "firefox", "--mv3"]]) {
    log(`Building: wxt zip extension ${target.join(" ")} for ${serverUrl}`);
    await run(join(root, "node_modules", ".bin", "wxt"), ["zip", "extension", ...target], { ...process.env, TABVAULT_SERVER_URL: serverUrl });
  }
  const manifest = z.object({ version: z.string() }).parse(JSON.parse(await readFile(join(outDir, "firefox-mv3", "manifest.json"), "utf8")));
  const version = manifest.version;
  return {
    version,
    chromeZip: join(outDir, `tabvault-${version}-chrome.zip`),
    firefoxDir: join(outDir, "firefox-mv3"),
    firefoxZip: join(outDir, `tabvault-${version}-firefox.zip`),
    sourcesZip: join(outDir, `tabvault-${version}-sources.zip`),
  };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: "inherit" });
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}
