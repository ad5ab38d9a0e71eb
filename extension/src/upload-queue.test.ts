import "fake-indexeddb/auto";
import { gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ExtensionDb } from "./db";
import { buildSnapshot, toUploadRequest } from "./snapshot";
import { backoffDelay, UploadQueue } from "./upload-queue";
import { FakeServer } from "../test/fake-server";
import { ManualClock } from "../test/manual-clock";

let db: ExtensionDb;
let server: FakeServer;
let clock: ManualClock;
let scheduled: (number | null)[];
let disconnected: string[];
let queue: UploadQueue;
let connected: boolean;
let counter = 0;

const uuid = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, "0")}`;

function request(trigger: "clear_all_detected" | "auto_backup" | "manual_save" = "clear_all_detected") {
  const snapshot = buildSnapshot(uuid(), clock.now(), [
    { id: 1, focused: true, incognito: false, tabs: [{ id: 1, windowId: 1, index: 0, url: "https://a.example/", pinned: false, active: true, incognito: false }] },
  ], []);
  return toUploadRequest(snapshot, { snapshotId: uuid(), trigger });
}

beforeEach(async () => {
  db = await ExtensionDb.open(`queue-${++counter}`);
  server = new FakeServer();
  clock = new ManualClock();
  scheduled = [];
  disconnected = [];
  connected = true;
  queue = new UploadQueue({
    db,
    clock,
    fetch: server.fetch,
    credentials: async () => (connected ? { serverUrl: server.origin, token: server.token } : null),
    onUnauthorized: async (message) => {
      disconnected.push(message);
    },
    schedule: async (at) => {
      scheduled.push(at);
    },
  });
});

afterEach(() => db.close());

describe("the upload queue", () => {
  it("sends gzip JSON with the device token and deletes the entry after the receipt", async () => {
    await queue.enqueue("k1", "clear_all_detected", request(), 1);
    const result = await queue.flush();
    expect(result).toMatchObject({ uploaded: 1, waiting: 0, stoppedBy: "done" });
    expect(server.requests.at(-1)).toMatchObject({ authorization: `Bearer ${server.token}`, contentEncoding: "gzip" });
    expect(server.uploads[0]?.gzip).toBe(true);
    expect(await db.queueEntries()).toEqual([]);
    expect(scheduled.at(-1)).toBeNull();
  });

  it("backs off exponentially while the server is unreachable, then uploads each snapshot once", async () => {
    server.mode = "down";
    await queue.enqueue("k1", "clear_all_detected", request(), 1);
    await queue.enqueue("k2", "manual_save", request("manual_save"), 1);
    const first = await queue.flush();
    expect(first).toMatchObject({ uploaded: 0, waiting: 2, stoppedBy: "offline" });
    expect(scheduled.at(-1)).toBe(clock.now() + 5_000);
    await clock.advance(5_000);
    await queue.flush();
    expect(scheduled.at(-1)).toBe(clock.now() + 10_000);
    server.mode = "error";
    await clock.advance(10_000);
    expect(await queue.flush()).toMatchObject({ stoppedBy: "server" });
    expect(scheduled.at(-1)).toBe(clock.now() + 20_000);
    // Not due yet: nothing is sent.
    const before = server.requests.length;
    await queue.flush();
    expect(server.requests.length).toBe(before);
    server.mode = "up";
    await clock.advance(20_000);
    expect(await queue.flush()).toMatchObject({ uploaded: 2, waiting: 0 });
    expect(server.stored()).toHaveLength(2);
    expect(server.stored().map((body) => body.trigger)).toEqual(["clear_all_detected", "manual_save"]);
  });

  it("retries with the same snapshot id when the answer was lost, and the server keeps one backup", async () => {
    const body = request();
    await queue.enqueue("k1", "clear_all_detected", body, 1);
    server.loseNextAnswer = true;
    expect(await queue.flush()).toMatchObject({ stoppedBy: "offline", waiting: 1 });
    await clock.advance(5_000);
    expect(await queue.flush()).toMatchObject({ duplicates: 1, uploaded: 0, waiting: 0 });
    expect(server.uploads.map((upload) => upload.snapshotId)).toEqual([body.snapshotId, body.snapshotId]);
    expect(server.stored()).toHaveLength(1);
  });

  it("keeps everything and reports a disconnection when the token is revoked", async () => {
    server.revoked = true;
    await queue.enqueue("k1", "clear_all_detected", request(), 1);
    await queue.enqueue("k2", "auto_backup", request("auto_backup"), 1);
    expect(await queue.flush()).toMatchObject({ stoppedBy: "disconnected", waiting: 2 });
    expect(disconnected).toEqual(["The device token was revoked"]);
    expect(await db.queueEntries()).toHaveLength(2);
    // While not connected nothing is attempted.
    connected = false;
    const before = server.requests.length;
    expect(await queue.flush(true)).toMatchObject({ stoppedBy: "not-connected", waiting: 2 });
    expect(server.requests.length).toBe(before);
  });

  it("keeps only the newest waiting automatic backup, and every emergency", async () => {
    await queue.enqueue("auto:1", "auto_backup", request("auto_backup"), 1);
    await queue.enqueue("auto:2", "auto_backup", request("auto_backup"), 1);
    await queue.enqueue("e:1", "clear_all_detected", request(), 1);
    await queue.enqueue("e:2", "clear_all_detected", request(), 1);
    expect(await queue.enqueue("e:2", "clear_all_detected", request(), 1)).toBe(false);
    expect((await queue.entries()).map((entry) => entry.key)).toEqual(["e:1", "e:2", "auto:2"]);
  });

  it("sets aside a backup the server refuses, without blocking the others", async () => {
    const bad = { ...request(), capturedAt: -1 };
    await queue.enqueue("bad", "manual_save", bad, 1);
    await queue.enqueue("good", "clear_all_detected", request(), 1);
    expect(await queue.flush()).toMatchObject({ uploaded: 1, waiting: 0 });
    const [refused] = await db.queueEntries();
    expect(refused).toMatchObject({ key: "bad", state: "refused", refusal: { status: 400, message: expect.any(String), context: null } });
    // Without a way to read what a refusal depends on, it waits for the person.
    await queue.flush(true);
    expect(server.uploads).toHaveLength(1);
  });

  it("asked while a flush runs, it runs again after it: an entry queued meanwhile gets its own answer", async () => {
    await queue.enqueue("first", "clear_all_detected", request(), 1);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = new UploadQueue({
      db,
      clock,
      fetch: async (input, init) => {
        await gate;
        return server.fetch(input, init);
      },
      credentials: async () => ({ serverUrl: server.origin, token: server.token }),
      onUnauthorized: async () => undefined,
      schedule: async () => undefined,
    });
    const running = slow.flush();
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Queued after the running flush read the queue; refused by the server.
    server.refuse = ({ trigger }) => (trigger === "manual_save" ? { status: 403, message: "Refused for the test" } : null);
    await slow.enqueue("manual", "manual_save", request("manual_save"), 1);
    const mine = slow.sendNow("manual");
    release();
    expect(await running).toMatchObject({ uploaded: 1, refused: 0 });
    expect(await mine).toMatchObject({ result: { refused: 1 }, outcome: { state: "refused", status: 403, message: "Refused for the test" } });
  });

  it("a refused entry from before refusals were recorded is sent again once; then its refusal holds until something changes", async () => {
    const context = { extensionVersion: "0.2.0", serverVersion: "0.2.0", planType: "free", deviceId: "d1" };
    const reading = new UploadQueue({
      db,
      clock,
      fetch: server.fetch,
      credentials: async () => ({ serverUrl: server.origin, token: server.token }),
      onUnauthorized: async () => undefined,
      schedule: async () => undefined,
      refusalContext: async () => context,
    });
    await reading.enqueue("old", "clear_all_detected", request(), 1);
    const entry = await db.getQueueEntry("old");
    await db.putQueueEntry({ ...entry!, state: "refused", lastError: "body.groups.0.groupId: Too big" });
    server.refuse = () => ({ status: 400, message: "Still refused" });
    expect(await reading.flush()).toMatchObject({ refused: 1 });
    expect(await db.getQueueEntry("old")).toMatchObject({ state: "refused", refusal: { status: 400, message: "Still refused", context } });
    expect(await reading.flush(true)).toMatchObject({ refused: 0 });
    expect(server.requests.filter((sent) => sent.path === "/api/browser-backups")).toHaveLength(1);
    context.planType = "basic";
    server.refuse = null;
    expect(await reading.flush()).toMatchObject({ uploaded: 1 });
    expect(await db.queueEntries()).toEqual([]);
  });

  it("doubles the delay up to 15 minutes", () => {
    expect([1, 2, 3, 4].map(backoffDelay)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(backoffDelay(30)).toBe(15 * 60_000);
  });

  it("compresses the body it sends", async () => {
    const body = request();
    await queue.enqueue("k", "manual_save", body, 1);
    const sent: Uint8Array[] = [];
    const spy = new UploadQueue({
      db,
      clock,
      fetch: async (input, init) => {
        sent.push(init?.body as Uint8Array);
        return server.fetch(input, init);
      },
      credentials: async () => ({ serverUrl: server.origin, token: server.token }),
      onUnauthorized: async () => undefined,
      schedule: async () => undefined,
    });
    await spy.flush();
    expect(JSON.parse(gunzipSync(Buffer.from(sent[0] as Uint8Array)).toString("utf8"))).toEqual(body);
  });
});

describe("the upload queue, interrupted halfway", () => {
  it("never sends again what went up before the server failed", async () => {
    await queue.enqueue("a", "clear_all_detected", request(), 1);
    await queue.enqueue("b", "manual_save", request("manual_save"), 1);
    let calls = 0;
    const flaky = new UploadQueue({
      db,
      clock,
      fetch: async (input, init) => {
        calls += 1;
        if (calls === 2) throw new TypeError("Failed to fetch");
        return server.fetch(input, init);
      },
      credentials: async () => ({ serverUrl: server.origin, token: server.token }),
      onUnauthorized: async () => undefined,
      schedule: async () => undefined,
    });
    expect(await flaky.flush()).toMatchObject({ uploaded: 1, waiting: 1 });
    expect((await db.queueEntries()).map((entry) => entry.key)).toEqual(["b"]);
    await clock.advance(5_000);
    expect(await flaky.flush()).toMatchObject({ uploaded: 1, waiting: 0 });
    expect(server.uploads).toHaveLength(2);
  });
});
