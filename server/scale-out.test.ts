import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserSession } from "./test/backup-payloads";
import { signInOnProcess } from "./test/process-sign-in";
import { type ServerProcess, startServer, stopServer } from "./test/server-process";
import { createPostgresDatabase, testDatabaseUrl } from "./test/test-database";

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/**
 * Two stateless instances on one PostgreSQL and one Redis, as behind a load balancer: whatever one
 * instance learns, the other knows.
 */
describe.runIf(testDatabaseUrl)("two instances on one PostgreSQL and Redis", () => {
  const dataDirs = [mkdtempSync(join(tmpdir(), "tabvault-a-")), mkdtempSync(join(tmpdir(), "tabvault-b-"))] as const;
  let a: ServerProcess;
  let b: ServerProcess;
  let drop: () => Promise<void>;
  const namespace = `scale-${process.pid}-${Date.now()}`;

  /** Loopback's mail-sending budget is shared by every run on this machine; each run starts afresh. */
  async function clearCounters() {
    const redis = new Redis(redisUrl);
    const keys = [...(await redis.keys(`*${namespace}*`)), ...(await redis.keys("tabvault:rate-limit:*-ip:127.0.0.1"))];
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }

  beforeAll(async () => {
    await clearCounters();
    const database = await createPostgresDatabase();
    drop = database.drop;
    const shared = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      SESSION_SECRET: "a-shared-secret-of-enough-length-for-both-instances",
    };
    [a, b] = await Promise.all([
      startServer({ ...shared, DATA_DIR: dataDirs[0] }),
      startServer({ ...shared, DATA_DIR: dataDirs[1] }),
    ]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a && stopServer(a), b && stopServer(b)]);
    await drop?.();
    await clearCounters();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it("a person signed in through A is signed in on B, and a sign-out on B ends it on A", async () => {
    const cookie = await signInOnProcess(a.baseUrl, dataDirs[0], `${namespace}-ann@example.com`);
    const onB = await fetch(`${b.baseUrl}/api/auth/user`, { headers: { cookie } });
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as { email: string }).email).toBe(`${namespace}-ann@example.com`);
    await fetch(`${b.baseUrl}/api/logout`, { headers: { cookie }, redirect: "manual" });
    expect((await fetch(`${a.baseUrl}/api/auth/user`, { headers: { cookie } })).status).toBe(401);
  });

  it("a rate limit reached on A holds on B", async () => {
    const capture = (server: ServerProcess) =>
      fetch(`${server.baseUrl}/api/capture-email`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: `${namespace}-flood@example.com`, source: "email_signup_modal" }),
      });
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await capture(a)).status).toBe(200);
    const onB = await capture(b);
    expect(onB.status).toBe(429);
    expect(onB.headers.get("retry-after")).not.toBeNull();
  });

  it("a backup written through A is listed and restored by B", async () => {
    const email = `${namespace}-bob@example.com`;
    const cookie = await signInOnProcess(a.baseUrl, dataDirs[0], email);
    const saved = await fetch(`${a.baseUrl}/api/protection/android-clear-all`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ userEmail: email, browserSession: browserSession(3) }),
    });
    expect(saved.status).toBe(201);
    const { sessionId } = (await saved.json()) as { sessionId: string };
    const list = (await (await fetch(`${b.baseUrl}/api/saved-sessions`, { headers: { cookie } })).json()) as { id: string }[];
    expect(list.map((backup) => backup.id)).toEqual([sessionId]);
    const restore = await fetch(`${b.baseUrl}/api/restore-session/${sessionId}`, { method: "POST", headers: { cookie } });
    expect(restore.status).toBe(200);
  });
});
