import { request } from "node:http";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { EMERGENCY_BOUNDS } from "@common/plan-catalogue";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findMigrationsFolder } from "./db/migrations-folder";
import { openPglite } from "./db/pglite";
import { createPostgresDatabase, testDatabaseUrl } from "./test/test-database";
import { browserSession, tab } from "./test/backup-payloads";
import { signInOnProcess } from "./test/process-sign-in";
import { spawnServer, startServer, stopServer, type ServerProcess } from "./test/server-process";

/** Each test gets an empty DATA_DIR and, on PostgreSQL, an empty database. */
// Each test starts a real server process on PGlite; beside another worker on 2 cores, or beside the browser tests in
// CI (decision 214), that takes tens of seconds. The limit only stops a hung test: nothing here measures speed.
describe("the server process", { timeout: 300_000 }, () => {
  let dataDir: string;
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  const running: ServerProcess[] = [];

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "tabvault-process-"));
    if (testDatabaseUrl) ({ url: databaseUrl, drop: dropDatabase } = await createPostgresDatabase());
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => stopServer(server, "SIGKILL")));
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function serverEnv(): Record<string, string> {
    // TRUST_PROXY lets the write bursts below come from many client addresses, each under the
    // per-IP rate limit of /api/events, the way real launches do.
    return { DATA_DIR: dataDir, TRUST_PROXY: "true", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  }

  async function start(): Promise<ServerProcess> {
    const server = await startServer(serverEnv());
    running.push(server);
    return server;
  }

  /** Runs one query on whichever database the stopped server used. */
  async function queryStored<Row>(sql: string): Promise<Row[]> {
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        return (await client.query(sql)).rows as Row[];
      } finally {
        await client.end();
      }
    }
    const database = await openPglite({ dataDir, migrate: false });
    try {
      return (await database.client.query<Row>(sql)).rows;
    } finally {
      await database.close();
    }
  }

  async function storedEventPaths(): Promise<Set<string>> {
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const result = await client.query<{ path: string }>("select path from app_events");
        return new Set(result.rows.map((row) => row.path));
      } finally {
        await client.end();
      }
    }
    const database = await openPglite({ dataDir, migrate: false });
    try {
      const result = await database.client.query<{ path: string }>("select path from app_events");
      return new Set(result.rows.map((row) => row.path));
    } finally {
      await database.close();
    }
  }

  it("keeps every acknowledged write when killed with SIGKILL mid-burst, and opens again", async () => {
    const server = await start();
    const acknowledged: string[] = [];
    let killed = false;
    const writer = async (lane: number) => {
      for (let n = 0; !killed; n++) {
        const path = `/burst/${lane}/${n}`;
        try {
          const response = await fetch(`${server.baseUrl}/api/events`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-forwarded-for": `10.${lane}.${n >> 8}.${n & 255}` },
            body: JSON.stringify({ name: "pwa_launch", path }),
          });
          if (response.status === 204) acknowledged.push(path);
        } catch {
          return; // The server is gone.
        }
      }
    };
    const lanes = Array.from({ length: 6 }, (_, lane) => writer(lane));
    while (acknowledged.length < 150) await new Promise((resolve) => setTimeout(resolve, 10));
    server.child.kill("SIGKILL");
    killed = true;
    expect((await server.exited).signal).toBe("SIGKILL");
    await Promise.all(lanes);
    expect(existsSync(join(dataDir, "tabvault.lock")) || databaseUrl !== undefined).toBe(true);

    // The stale lock of the dead process is taken over and the database recovers.
    const restarted = await start();
    const health = (await (await fetch(`${restarted.baseUrl}/api/health`)).json()) as { database: { ok: boolean } };
    expect(health.database.ok).toBe(true);
    expect((await stopServer(restarted)).code).toBe(0);

    const stored = await storedEventPaths();
    const lost = acknowledged.filter((path) => !stored.has(path));
    expect(lost).toEqual([]);
  });

  it("leaves every backup whole or absent when killed with SIGKILL during a burst of backup writes", async () => {
    const server = await start();
    const email = "burst@example.com";
    const cookie = await signInOnProcess(server.baseUrl, dataDir, email);
    let acknowledged = 0;
    let killed = false;
    const writer = async (lane: number) => {
      for (let n = 0; !killed; n++) {
        // Distinct URLs per backup, so the Free plan's daily allowance trims some and not others.
        const tabs = Array.from({ length: 20 }, (_, index) => tab(lane * 100_000 + n * 20 + index));
        try {
          const response = await fetch(`${server.baseUrl}/api/protection/android-clear-all`, {
            method: "POST",
            headers: { cookie, "content-type": "application/json", "x-forwarded-for": `10.9.${lane}.1` },
            body: JSON.stringify({ userEmail: email, browserSession: browserSession(0, { tabs }) }),
          });
          if (response.status === 201) acknowledged += 1;
          if (response.status === 429) return;
        } catch {
          return;
        }
      }
    };
    const lanes = Array.from({ length: 4 }, (_, lane) => writer(lane));
    // Killed mid-burst, before the day's emergencies run out: past EMERGENCY_BOUNDS.perDay an emergency is a save
    // under Free's allowance, refused once it is spent (decision 209), and nothing more would be acknowledged.
    while (acknowledged < EMERGENCY_BOUNDS.perDay - 5) await new Promise((resolve) => setTimeout(resolve, 5));
    server.child.kill("SIGKILL");
    killed = true;
    await server.exited;
    await Promise.all(lanes);

    const restarted = await start();
    expect((await fetch(`${restarted.baseUrl}/api/health`)).status).toBe(200);
    expect((await stopServer(restarted)).code).toBe(0);
    const broken = await queryStored<{ id: string }>(`
      select s.id from saved_sessions s left join session_tabs t on t.session_id = s.id
      group by s.id, s.tab_count having count(t.session_id) <> s.tab_count`);
    expect(broken).toEqual([]);
    const orphans = await queryStored<{ count: number }>(
      "select count(*)::int as count from session_tabs t where not exists (select 1 from saved_sessions s where s.id = t.session_id)",
    );
    expect(orphans[0]?.count).toBe(0);
  });

  it("finishes a request in flight on SIGTERM, refuses new ones, then exits 0 within 10 s and releases DATA_DIR", async () => {
    const server = await start();
    const body = JSON.stringify({ name: "pwa_launch", path: "/in-flight" });
    const half = Math.floor(body.length / 2);
    let finishBody = () => undefined as void;
    const answer = new Promise<number>((resolve, reject) => {
      const pending = request(
        `${server.baseUrl}/api/events`,
        { method: "POST", headers: { "content-type": "application/json", "content-length": body.length } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      pending.on("error", reject);
      pending.write(body.slice(0, half));
      finishBody = () => void pending.end(body.slice(half));
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    server.child.kill("SIGTERM");

    // While that request is still open, the server no longer accepts connections.
    const refused = async () => {
      try {
        await fetch(`${server.baseUrl}/api/health`);
        return "answered";
      } catch (error) {
        return String((error as { cause?: { code?: string } }).cause?.code);
      }
    };
    await expect.poll(refused, { timeout: 2000, interval: 50 }).toBe("ECONNREFUSED");
    // The rest of the body arrives only now, after the stop began: the request still completes.
    finishBody();
    expect(await answer).toBe(204);
    const exit = await server.exited;
    expect(exit.code).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(existsSync(join(dataDir, "tabvault.lock"))).toBe(false);
    expect(await storedEventPaths()).toContain("/in-flight");
  });

  // Only the embedded database locks DATA_DIR.
  it.skipIf(testDatabaseUrl)("refuses a second server on the same DATA_DIR with a message naming it", async () => {
    await start();
    const second = await spawnServer(serverEnv());
    const exit = await second.exited;
    expect(exit.code).toBe(1);
    expect(second.output()).toContain(`DATA_DIR ${dataDir} is in use by another TabVault process`);
  });

  it("exits non-zero naming the variable when the configuration is bad", async () => {
    const server = await spawnServer({ ...serverEnv(), PORT: "abc" });
    const exit = await server.exited;
    expect(exit.code).toBe(1);
    expect(server.output()).toContain("PORT");
    expect(server.output()).not.toContain("    at "); // One readable line, no stack trace.
  });

  it("will not start for people on a real address with the stand-ins, and names what is missing", async () => {
    const server = await spawnServer({ ...serverEnv(), PUBLIC_URL: "https://tabvault.example" });
    const exit = await server.exited;
    expect(exit.code).toBe(1);
    for (const name of ["SMTP_URL", "STRIPE_SECRET_KEY", "ALLOW_STAND_INS"]) expect(server.output()).toContain(name);
    expect(server.output()).not.toContain("    at ");
  });

  it.runIf(testDatabaseUrl)("starts two servers at once against one fresh PostgreSQL, migrating once", async () => {
    const [first, second] = await Promise.all([
      startServer({ ...serverEnv(), DATA_DIR: join(dataDir, "a") }),
      startServer({ ...serverEnv(), DATA_DIR: join(dataDir, "b") }),
    ]);
    running.push(first, second);
    for (const server of [first, second]) {
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    }
    const journal = JSON.parse(readFileSync(join(findMigrationsFolder(), "meta", "_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const applied = await client.query<{ count: number; distinct: number }>(
        "select count(*)::int as count, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations",
      );
      expect(applied.rows[0]).toEqual({ count: journal.entries.length, distinct: journal.entries.length });
    } finally {
      await client.end();
    }
  });
});
