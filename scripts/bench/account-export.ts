/**
 * Issue 30 point 5's measurement: the account export's peak memory, written as a stream (decision 221) against
 * the whole document built first as before. Not a timed assertion: a record in docs/benchmarks.md.
 *
 * A scratch PostgreSQL database (BENCH_DATABASE_URL, as the other benchmarks) gets one account of SIZES backups
 * of TABS tabs, stored through `insertBackup`. Each way then runs in a Node process of its own, so one's garbage
 * does not count against the other: "whole" reads every backup in one page and stringifies the encoded document, as
 * the route's serializer did (less the old per-row array copies, so its figure is a floor); "streamed" writes
 * `accountExportDocument` into a sink that counts bytes, as the route does into the socket.
 *
 * Run: `node --import tsx scripts/bench/account-export.ts`. Writes its section of docs/benchmarks.md
 * (between the `account-export:` markers) and prints it.
 */
import { execFileSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { eq } from "drizzle-orm";
import { accountExportSchema } from "../../common/api/account-data";
import { users } from "../../server/accounts/table";
import { accountExportHead } from "../../server/account-data/export";
import { accountExportDocument } from "../../server/account-data/export-document";
import { insertBackup } from "../../server/backups/backup-insert";
import { backupPagesOfUserForExport, EXPORT_BACKUP_PAGE_SIZE } from "../../server/backups/export";
import { migratePostgres, openPostgres } from "../../server/db/postgres";
import { createBenchDatabase, writeReportSection } from "./harness.mjs";

/** Two sizes of the same account: the whole document grows with it, the stream does not. */
const SIZES = [500, 1500];
const TABS = 100;
/** The heap cap each way is run under a second time: garbage is collected before it, so what runs there fits. */
const CAPPED_HEAP_MB = 128;
const EMAIL = "bench-export@example.com";

interface Measure {
  way: string;
  bytes: number;
  seconds: number;
  peakHeapMb: number;
  maxRssMb: number;
}

/** Backups `from` to `to` (not included) of the account, made on first use. */
async function load(url: string, from: number, to: number): Promise<void> {
  const database = await openPostgres(url);
  try {
    const [user] = (await database.db.select().from(users).where(eq(users.email, EMAIL))).concat(
      from === 0 ? await database.db.insert(users).values({ email: EMAIL }).returning() : [],
    );
    const base = Date.parse("2026-01-01T00:00:00Z");
    for (let b = from; b < to; b += 1) {
      await insertBackup(database.db, {
        userId: user!.id,
        sessionName: `Automatic backup ${b}`,
        triggerEvent: "auto_save",
        deviceName: "Laptop",
        browserType: "chrome",
        windowId: null,
        clientSessionId: null,
        createdAt: new Date(base + b * 300_000),
        tabs: Array.from({ length: TABS }, (_, t) => ({
          url: `https://site${t % 40}.example/articles/${b}-${t}?ref=bench`,
          title: `An article about something, number ${t}, as open at backup ${b}`,
          faviconUrl: `https://site${t % 40}.example/favicon.ico`,
          sealedLocation: null,
          isActive: t === 0,
          lastAccessed: new Date(base),
          formData: {},
          scrollX: 0,
          scrollY: t * 10,
        })),
        applications: [],
        event: { eventType: "backup", description: `Automatic backup ${b}` },
      });
    }
  } finally {
    await database.close();
  }
}

/** One way, in this process: prints its measure as JSON on the last line. */
async function measure(way: "whole" | "streamed", url: string): Promise<void> {
  const database = await openPostgres(url);
  let peakHeap = 0;
  const sample = () => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers));
  const sampler = setInterval(sample, 2);
  try {
    const [user] = await database.db.select().from(users).where(eq(users.email, EMAIL));
    const now = new Date();
    const started = performance.now();
    const head = await accountExportHead(database.db, user!, now);
    let bytes = 0;
    if (way === "whole") {
      const backups = [];
      for await (const page of backupPagesOfUserForExport(database.db, user!.id, Number.MAX_SAFE_INTEGER)) backups.push(...page);
      sample();
      const body = JSON.stringify(accountExportSchema.encode({ ...head, backups }));
      sample();
      bytes = Buffer.byteLength(body);
    } else {
      const sink = new Writable({
        write(chunk: Buffer | string, _encoding, done) {
          bytes += Buffer.byteLength(chunk);
          sample();
          done();
        },
      });
      await pipeline(Readable.from(accountExportDocument(head, backupPagesOfUserForExport(database.db, user!.id))), sink);
    }
    const seconds = (performance.now() - started) / 1000;
    sample();
    const result: Measure = { way, bytes, seconds, peakHeapMb: peakHeap / 1e6, maxRssMb: process.resourceUsage().maxRSS / 1000 };
    console.log(JSON.stringify(result));
  } finally {
    clearInterval(sampler);
    await database.close();
  }
}

async function main(): Promise<void> {
  const scratch = await createBenchDatabase();
  if (!scratch) throw new Error("PostgreSQL is not reachable (BENCH_DATABASE_URL)");
  try {
    await migratePostgres(scratch.url);
    const rows: string[] = [];
    let loaded = 0;
    for (const size of SIZES) {
      await load(scratch.url, loaded, size);
      loaded = size;
      for (const way of ["whole", "streamed"] as const) {
        const run = (flags: string[]) =>
          execFileSync(process.execPath, [...flags, "--import", "tsx", "scripts/bench/account-export.ts", "measure", way, scratch.url], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
        const r: Measure = JSON.parse(run([]).trim().split("\n").at(-1)!);
        let capped = "completes";
        try {
          run([`--max-old-space-size=${CAPPED_HEAP_MB}`]);
        } catch {
          capped = "**runs out of memory**";
        }
        console.log(size, r, capped);
        rows.push(
          `| ${size.toLocaleString("en-US")} | ${r.way === "whole" ? "whole document built first (before)" : `streamed, ${EXPORT_BACKUP_PAGE_SIZE} backups a page (now)`} | ${(r.bytes / 1e6).toFixed(1)} MB | **${r.peakHeapMb.toFixed(0)} MB** | ${r.maxRssMb.toFixed(0)} MB | ${r.seconds.toFixed(1)} s | ${capped} |`,
        );
      }
    }
    const section = [
      "## Account export's memory (issue 30 point 5)",
      "",
      `\`node --import tsx scripts/bench/account-export.ts\`, ${new Date().toISOString().slice(0, 10)}: PostgreSQL on 127.0.0.1, Node ${process.version}, ${cpus().length} cores ` +
        `(load ${loadavg()[0]!.toFixed(1)} at the end, shared with other work). One account of ${SIZES.map((size) => size.toLocaleString("en-US")).join(", then ")} backups of ${TABS} tabs. ` +
        "Each way in a Node process of its own; peak heap is the highest `heapUsed + arrayBuffers` sampled every 2 ms and at each step, " +
        `peak RSS the process's whole (Node and tsx included); both count garbage not yet collected, so each way runs a second time under \`--max-old-space-size=${CAPPED_HEAP_MB}\`, where only what it really holds counts. The whole-document figure leaves out the old per-row array copies, so it is a floor. ` +
        "Streamed, the peak follows the page size and the largest backup, not the account (decision 221).",
      "",
      `| backups | way | document | peak heap | peak RSS | time | under a ${CAPPED_HEAP_MB} MB heap cap |`,
      "| --- | --- | --- | --- | --- | --- | --- |",
      ...rows,
    ].join("\n");
    await writeReportSection("account-export", section);
    console.log(section);
  } finally {
    await scratch.drop();
  }
}

if (process.argv[2] === "measure") {
  const way = process.argv[3];
  if (way !== "whole" && way !== "streamed") throw new Error(`unknown way ${way}`);
  await measure(way, process.argv[4]!);
} else {
  await main();
}
