import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock";
import { openPglite } from "./pglite";

/** The pid of a process that has exited, so nothing owns it any more. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.on("exit", resolve));
  return child.pid!;
}

describe("the DATA_DIR lock", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), "tabvault-lock-"));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it("is taken with our pid and released", () => {
    const lock = lockDataDir(dataDir);
    expect(readFileSync(lock.path, "utf8")).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  it("refuses a second process while the owner lives, naming DATA_DIR", () => {
    // vitest's main process is alive and is not us: it stands for the running server.
    writeFileSync(join(dataDir, "tabvault.lock"), String(process.ppid));
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dataDir)).toThrow(`DATA_DIR ${dataDir} is in use by another TabVault process (pid ${process.ppid})`);
  });

  it("refuses to open PGlite on a locked DATA_DIR before touching the database", async () => {
    writeFileSync(join(dataDir, "tabvault.lock"), String(process.ppid));
    await expect(openPglite({ dataDir })).rejects.toThrow(/DATA_DIR .* is in use/);
    expect(existsSync(join(dataDir, "db"))).toBe(false);
  });

  it("takes over the lock of a dead process at once", async () => {
    writeFileSync(join(dataDir, "tabvault.lock"), String(await deadPid()));
    const lock = lockDataDir(dataDir);
    expect(readFileSync(lock.path, "utf8")).toBe(String(process.pid));
    lock.release();
  });

  it("takes over an unreadable lock", () => {
    writeFileSync(join(dataDir, "tabvault.lock"), "garbage");
    lockDataDir(dataDir).release();
  });

  it("does not release a lock someone else holds", () => {
    const lock = lockDataDir(dataDir);
    writeFileSync(lock.path, String(process.ppid));
    lock.release();
    expect(readFileSync(lock.path, "utf8")).toBe(String(process.ppid));
  });
});
