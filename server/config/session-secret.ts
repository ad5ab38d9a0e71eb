import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const minimumSessionSecretLength = 32;

/**
 * Outside production a developer should not have to invent a secret, yet sessions must survive a
 * restart, so the first start writes one into DATA_DIR and later starts read it back.
 */
export function loadOrCreateSessionSecret(dataDir: string): string {
  const file = join(dataDir, "session-secret");
  const existing = readSecret(file);
  if (existing) return existing;

  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  // Written to a private temporary name and hard-linked into place: link() fails if the file
  // appeared meanwhile, so two instances starting together end up sharing one complete secret.
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, secret, { mode: 0o600 });
  try {
    linkSync(temporary, file);
    return secret;
  } catch (error) {
    if (!isCode(error, "EEXIST")) throw error;
    const winner = readSecret(file);
    if (winner) return winner;
    // A file too short to be a secret (an interrupted older write): replace it.
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  } finally {
    unlinkSync(temporary);
  }
}

function readSecret(file: string): string | undefined {
  try {
    const secret = readFileSync(file, "utf8").trim();
    return secret.length >= minimumSessionSecretLength ? secret : undefined;
  } catch (error) {
    if (isCode(error, "ENOENT")) return undefined;
    throw error;
  }
}

function isCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
