import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { RunningServer } from "./server";

/**
 * Fails when a secret the run produced shows up in the server's own log output: sign-in tokens (from
 * the .eml files), the session secret, and any other values the test collected (cookies, device tokens).
 */
export async function assertNoSecretsInLogs(server: RunningServer, extra: string[] = []): Promise<void> {
  const secrets = [...extra];
  const mailDir = path.join(server.dataDir, "mail");
  for (const name of await readdir(mailDir).catch(() => [] as string[])) {
    const text = (await readFile(path.join(mailDir, name), "utf8")).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    for (const match of text.matchAll(/token=([A-Za-z0-9_-]{43})/g)) secrets.push(match[1]!);
  }
  const secretFile = await readFile(path.join(server.dataDir, "session-secret"), "utf8").catch(() => "");
  if (secretFile) secrets.push(secretFile.trim());
  const output = server.output();
  const leaked = [...new Set(secrets)].filter((secret) => secret.length >= 16 && output.includes(secret));
  assert.deepEqual(leaked.map((secret) => `${secret.slice(0, 6)}…`), [], "secrets found in the server log");
  assert.ok(secrets.length > 0 || extra.length === 0, "the check had secrets to look for");
}
