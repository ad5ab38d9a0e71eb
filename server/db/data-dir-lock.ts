import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

export interface DataDirLock {
  path: string;
  release(): void;
}

/**
 * PGlite keeps no lock of its own, and two processes writing one data directory silently lose
 * writes. The lock file holds the owner's pid: a live owner refuses us, a dead one (SIGKILL, crash)
 * is taken over at once.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, "tabvault.lock");
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createLockFile(path)) return { path, release: () => releaseLock(path) };
    const owner = readOwner(path);
    if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
      throw new DataDirLockedError(
        `DATA_DIR ${dataDir} is in use by another TabVault process (pid ${owner}); stop it or choose another DATA_DIR`,
      );
    }
    takeOverStaleLock(path, owner);
  }
  throw new DataDirLockedError(`Could not take the lock file ${path} in DATA_DIR ${dataDir}`);
}

/**
 * Written under a private name and hard-linked into place, so nobody ever reads a half-written
 * lock (which would look stale); link() fails when the lock already exists.
 */
function createLockFile(path: string): boolean {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, String(process.pid), { mode: 0o600 });
  try {
    linkSync(temporary, path);
    return true;
  } catch (error) {
    if (isCode(error, "EEXIST")) return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

/**
 * Renaming is atomic, so when two starters both find the same stale lock only one moves it away;
 * if what we moved is no longer the stale lock (another starter already replaced it), put it back.
 */
function takeOverStaleLock(path: string, staleOwner: number | undefined): void {
  const moved = `${path}.stale-${process.pid}`;
  try {
    renameSync(path, moved);
  } catch (error) {
    if (isCode(error, "ENOENT")) return;
    throw error;
  }
  if (readOwner(moved) !== staleOwner) {
    renameSync(moved, path);
    return;
  }
  unlinkSync(moved);
}

function releaseLock(path: string): void {
  try {
    if (readOwner(path) === process.pid) unlinkSync(path);
  } catch (error) {
    if (!isCode(error, "ENOENT")) throw error;
  }
}

function readOwner(path: string): number | undefined {
  try {
    const pid = Number(readFileSync(path, "utf8").trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch (error) {
    if (isCode(error, "ENOENT")) return undefined;
    throw error;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else, so it is alive.
    return isCode(error, "EPERM");
  }
}

function isCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
