import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { seedMigratedDatabase } from "./migrated-data";

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** The environment the server was started with. */
  env: Record<string, string | undefined>;
  process: ChildProcess;
  /** Everything the server printed, for assertions on logs. */
  output: () => string;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** A new DATA_DIR, holding the migrated database when the runner made one and the server is this build's. */
async function freshDataDir(appRoot: string | undefined): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "tabvault-e2e-"));
  if (appRoot === undefined) await seedMigratedDatabase(dataDir);
  return dataDir;
}

/**
 * Starts the built app (`npm run build` first) as a real process on a free port with a fresh DATA_DIR.
 * `appRoot` runs another copy of the build (a directory with package.json, dist/ and node_modules).
 */
export async function startServer(env: Record<string, string> = {}, options: { appRoot?: string; port?: number } = {}): Promise<RunningServer> {
  // A given port brings a stopped server back where its clients (the extension) expect it.
  const port = options.port ?? (await freePort());
  const dataDir = env.DATA_DIR ?? (await freshDataDir(options.appRoot));
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  // NODE_ENV=test: the outbox logs no sign-in links, so the logs can be checked for secrets.
  const serverEnv = { ...process.env, NODE_ENV: "test", PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: url, DATA_DIR: dataDir, LOG_LEVEL: "info", ...env };
  // Started as `node …` (not npx) so the PID we signal is the server's own.
  const child = spawn(process.execPath, [path.join(options.appRoot ?? ".", "dist/server/index.js")], { env: serverEnv, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));

  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  // PGlite's start takes tens of seconds when other test runs share the 2 cores (as in server/test/server-process.ts);
  // at a load average of 25 (CI's database and browser lanes beside other work) 60 s was not always enough.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become healthy in 120 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    port,
    dataDir,
    env: serverEnv,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }
      if (!env.DATA_DIR) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
