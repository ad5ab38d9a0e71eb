/**
 * How long the server takes to store one browser backup of 2,000 tabs (issue 15's target: well under
 * 300 ms of server time). Run: `node --import tsx scripts/bench/browser-backup-insert.ts [DATABASE_URL]`
 * — PGlite in memory without an argument, else a scratch PostgreSQL database (it must exist and be
 * empty or migrated). Prints the median and best of a few runs, for the whole request through
 * app.inject (JSON parse, zod validation, transaction) and for the database write alone, with the
 * load average, since a busy shared machine moves these figures a lot, and the CPU time this process
 * spent, which a busy machine does not inflate as much.
 */
import { loadavg } from "node:os";
import { eq } from "drizzle-orm";
import { uploadBrowserBackupRequestSchema } from "../../common/api/browser-backups";
import { issueDeviceToken } from "../../server/devices/device-tokens";
import { users } from "../../server/accounts/table";
import { buildApp } from "../../server/app";
import type { DatabaseConnection } from "../../server/db/database";
import { openPglite } from "../../server/db/pglite";
import { openPostgres } from "../../server/db/postgres";
import { saveBrowserBackup } from "../../server/backups/browser-backups";
import { testAppConfig } from "../../server/test/test-app";
import { browserBackup } from "../../server/test/backup-payloads";

export interface UploadFigures {
  driver: string;
  tabs: number;
  runs: number;
  loadAverage: string;
  wholeMedianMs: number;
  wholeBestMs: number;
  cpuMedianMs: number;
  writeMedianMs: number;
  writeBestMs: number;
}

export async function measureBrowserBackupUpload(url?: string, tabs = 2_000, runs = 9): Promise<UploadFigures> {
const database: DatabaseConnection = url ? await openPostgres(url) : await openPglite();
const mailer = { send: async () => {}, close: async () => {}, verify: async () => {} };
const app = await buildApp(testAppConfig, { database: database.db, mailer, logger: false });
try {
  const email = `bench-${Date.now()}@example.com`;
  const [user] = await database.db.insert(users).values({ email, planType: "pro" }).returning();
  if (!user) throw new Error("no user");
  const created = await issueDeviceToken(database.db, user.id, "Bench", "browser", new Date());
  if (created === "too-many") throw new Error("too many tokens");

  const whole: number[] = [];
  const wholeCpu: number[] = [];
  const write: number[] = [];
  for (let run = 0; run < runs; run++) {
    const body = JSON.stringify(browserBackup(tabs, { trigger: "clear_all_detected" }, 4));
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const response = await app.inject({
      method: "POST",
      url: "/api/browser-backups",
      payload: body,
      headers: { "content-type": "application/json", authorization: `Bearer ${created.token}` },
    });
    whole.push(performance.now() - started);
    const cpu = process.cpuUsage(cpuStarted);
    wholeCpu.push((cpu.user + cpu.system) / 1000);
    if (response.statusCode !== 201) throw new Error(`upload answered ${response.statusCode}: ${response.body}`);

    const parsed = uploadBrowserBackupRequestSchema.parse(JSON.parse(JSON.stringify(browserBackup(tabs, { trigger: "clear_all_detected" }, 4))));
    const [fresh] = await database.db.select().from(users).where(eq(users.id, user.id));
    const writeStarted = performance.now();
    await saveBrowserBackup(database.db, fresh!, parsed, "Bench", new Date());
    write.push(performance.now() - writeStarted);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const best = (values: number[]) => Math.min(...values);
  return {
    driver: database.driver,
    tabs,
    runs,
    loadAverage: loadavg().map((n) => n.toFixed(1)).join(" "),
    wholeMedianMs: median(whole),
    wholeBestMs: best(whole),
    // This process's CPU time: what the wall time would be on an idle machine when everything runs in
    // it (PGlite); with PostgreSQL the database's own work is in another process and not counted.
    cpuMedianMs: median(wholeCpu),
    writeMedianMs: median(write),
    writeBestMs: best(write),
  };
} finally {
  await app.close();
  await database.close();
}
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await measureBrowserBackupUpload(process.argv[2]));
}
