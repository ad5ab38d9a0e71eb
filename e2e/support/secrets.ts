import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { RunningServer } from "./server";

/** Variables whose value is a secret, and URL variables whose password is. */
const secretVariables = ["SESSION_SECRET", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"];
const urlVariables = ["DATABASE_URL", "REDIS_URL", "SMTP_URL"];

/** The secrets of the server's own configuration: the session secret (given or generated) and the others in its environment. */
async function configuredSecrets(server: RunningServer): Promise<string[]> {
  const secrets = secretVariables.flatMap((name) => server.env[name] ?? []);
  for (const name of urlVariables) {
    const value = server.env[name];
    const password = value ? URL.parse(value)?.password : "";
    if (password) secrets.push(decodeURIComponent(password));
  }
  const generated = await readFile(path.join(server.dataDir, "session-secret"), "utf8").catch(() => "");
  if (generated.trim()) secrets.push(generated.trim());
  return secrets;
}

/** The sign-in and verification tokens in the mail the server wrote (its outbox, DATA_DIR/mail). */
async function mailedTokens(server: RunningServer): Promise<string[]> {
  const tokens: string[] = [];
  const mailDir = path.join(server.dataDir, "mail");
  for (const name of await readdir(mailDir).catch(() => [] as string[])) {
    const text = (await readFile(path.join(mailDir, name), "utf8")).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    for (const match of text.matchAll(/token=([A-Za-z0-9_-]{43})/g)) tokens.push(match[1]!);
  }
  return tokens;
}

/**
 * Every secret to look for in the server's output: the configuration's secrets, the tokens it mailed,
 * and whatever the browser and the test received (session cookies, device tokens, signed download
 * links, payment client secrets). Read while DATA_DIR still exists.
 */
export async function secretsOfRun(server: RunningServer, seen: string[]): Promise<string[]> {
  const secrets = [...new Set([...(await configuredSecrets(server)), ...(await mailedTokens(server)), ...seen])];
  // Anything shorter would match by chance; every real secret here is at least 16 characters.
  return secrets.filter((secret) => secret.length >= 16);
}

/** Fails when any of the secrets shows up anywhere in the server's output. */
export function assertNoSecretsInLog(output: string, secrets: string[]): void {
  assert.ok(secrets.length > 0, "the log check had no secret to look for");
  const leaked = secrets.filter((secret) => output.includes(secret));
  assert.deepEqual(leaked.map((secret) => `${secret.slice(0, 6)}…`), [], "secrets found in the server log");
}
