import { spawn } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { StoreRefusal } from "./chrome-web-store";
import type { FirefoxKeys } from "./config";

const webExt = fileURLToPath(new URL("../../node_modules/web-ext/bin/web-ext.js", import.meta.url));

/** How long Mozilla may take to sign an unlisted version before the release gives up (web-ext polls meanwhile). */
const approvalTimeoutMs = 15 * 60_000;

/**
 * Has addons.mozilla.org sign the Firefox build for self-distribution (`web-ext sign --channel unlisted`, the AMO
 * v5 API with a JWT from the API key and secret), uploading the source archive its review asks for, and returns
 * the signed .xpi's bytes' path in a fresh directory. The keys go to web-ext in its own environment variables,
 * never on a command line other processes can read.
 */
export async function signWithMozilla(
  keys: FirefoxKeys,
  build: { firefoxDir: string; sourcesZip: string },
  log: (line: string) => void,
): Promise<{ xpiPath: string; cleanUp(): Promise<void> }> {
  const artifactsDir = await mkdtemp(join(tmpdir(), "tabvault-signed-"));
  const args = [
    webExt,
    "sign",
    "--no-config-discovery",
    "--source-dir",
    build.firefoxDir,
    "--artifacts-dir",
    artifactsDir,
    "--channel",
    "unlisted",
    "--amo-base-url",
    keys.amoBaseUrl,
    "--upload-source-code",
    build.sourcesZip,
    "--approval-timeout",
    String(approvalTimeoutMs),
  ];
  const env = { ...process.env, WEB_EXT_API_KEY: keys.apiKey, WEB_EXT_API_SECRET: keys.apiSecret, NO_UPDATE_NOTIFIER: "1" };
  log(`addons.mozilla.org: signing ${build.firefoxDir} (unlisted) with its source archive`);
  const { code, output } = await run(process.execPath, args, env);
  const signed = (await readdir(artifactsDir)).filter((name) => name.endsWith(".xpi"));
  if (code !== 0 || signed.length !== 1) {
    await rm(artifactsDir, { recursive: true, force: true });
    const tail = output.trim().split("\n").slice(-8).join("\n");
    throw new StoreRefusal(`addons.mozilla.org: web-ext sign did not return a signed package (exit ${code}):\n${tail}`);
  }
  return { xpiPath: join(artifactsDir, signed[0] ?? ""), cleanUp: () => rm(artifactsDir, { recursive: true, force: true }) };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}
