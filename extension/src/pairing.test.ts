import { beforeEach, describe, expect, it } from "vitest";
import type { DeviceTokenGrant } from "@common/api/device-authorization";
import type { StorageArea } from "./browser-api";
import { Pairing } from "./pairing";
import { FakeServer } from "../test/fake-server";
import { ManualClock } from "../test/manual-clock";

function memoryStorage(): StorageArea {
  const data: Record<string, unknown> = {};
  return {
    get: async (keys) => {
      if (keys == null) return structuredClone(data);
      const out: Record<string, unknown> = {};
      for (const key of Array.isArray(keys) ? keys : [keys]) if (key in data) out[key] = structuredClone(data[key]);
      return out;
    },
    set: async (items) => {
      Object.assign(data, structuredClone(items));
    },
    remove: async (keys) => {
      for (const key of Array.isArray(keys) ? keys : [keys]) delete data[key];
    },
  };
}

let server: FakeServer;
let clock: ManualClock;
let storage: StorageArea;
let opened: string[];
let granted: DeviceTokenGrant[];
let schedule: (number | null)[];

function pairing(): Pairing {
  const instance: Pairing = new Pairing({
    storage,
    clock,
    fetch: server.fetch,
    openTab: async (url) => {
      opened.push(url);
    },
    onGranted: async (grant) => {
      granted.push(grant);
    },
    schedule: async (at) => {
      schedule.push(at);
    },
  });
  return instance;
}

const grant = { accessToken: "t", tokenType: "Bearer", scope: "browser", deviceId: "d1", deviceName: "Chrome on Linux", email: "ada@example.com" };

beforeEach(() => {
  server = new FakeServer();
  clock = new ManualClock();
  storage = memoryStorage();
  opened = [];
  granted = [];
  schedule = [];
});

describe("pairing (RFC 8628 device authorization)", () => {
  it("opens the connect page on the server and polls at the server's interval until approved", async () => {
    const flow = pairing();
    const started = await flow.start(server.origin, "Chrome on Linux", "chromium");
    expect(started.ok).toBe(true);
    expect(opened).toEqual(["http://localhost:3000/connect?code=BCDF-GHJK"]);
    expect(schedule.at(-1)).toBe(clock.now() + 5_000);

    await clock.advance(5_000);
    await flow.poll();
    expect(schedule.at(-1)).toBe(clock.now() + 5_000);

    server.pollAnswers.push({ status: 200, body: grant });
    await clock.advance(5_000);
    await flow.poll();
    expect(granted).toEqual([grant]);
    expect(await flow.pending()).toBeNull();
    expect(await flow.outcome()).toMatchObject({ result: "connected", message: "Connected as ada@example.com" });
    expect(schedule.at(-1)).toBeNull();
  });

  it("adds 5 seconds on slow_down, and takes a new interval the server names", async () => {
    const flow = pairing();
    await flow.start(server.origin, "Firefox on Linux", "firefox");
    server.pollAnswers.push({ status: 400, body: { message: "Slow down", error: "slow_down" } });
    await flow.poll();
    expect((await flow.pending())?.interval).toBe(10);
    expect(schedule.at(-1)).toBe(clock.now() + 10_000);
    server.pollAnswers.push({ status: 400, body: { message: "Slow down", error: "slow_down", interval: 30 } });
    await flow.poll();
    expect((await flow.pending())?.interval).toBe(30);
    server.pollAnswers.push({ status: 429, body: { message: "Too many requests" } });
    await flow.poll();
    expect((await flow.pending())?.interval).toBe(35);
  });

  it.each([
    ["expired_token", "expired", "The connection code expired"],
    ["access_denied", "denied", "The connection was refused"],
  ])("stops at %s and says so", async (error, result, message) => {
    const flow = pairing();
    await flow.start(server.origin, "Chrome on Linux", "chromium");
    server.pollAnswers.push({ status: 400, body: { message: "No", error } });
    await flow.poll();
    expect(await flow.pending()).toBeNull();
    expect(await flow.outcome()).toMatchObject({ result });
    expect((await flow.outcome())?.message).toContain(message);
    expect(schedule.at(-1)).toBeNull();
  });

  it("stops by itself once the code's 10 minutes are over", async () => {
    const flow = pairing();
    await flow.start(server.origin, "Chrome on Linux", "chromium");
    await clock.advance(601_000);
    const polls = server.polls;
    await flow.poll();
    expect(server.polls).toBe(polls);
    expect(await flow.outcome()).toMatchObject({ result: "expired" });
  });

  it("keeps polling across a stopped worker: a new instance resumes from storage", async () => {
    await pairing().start(server.origin, "Chrome on Linux", "chromium");
    // The worker stops; the alarm wakes a new one after the poll was due.
    await clock.advance(40_000);
    server.pollAnswers.push({ status: 200, body: grant });
    const woken = pairing();
    await woken.resume();
    expect(granted).toHaveLength(1);
  });

  it("keeps polling through a network failure", async () => {
    const flow = pairing();
    await flow.start(server.origin, "Chrome on Linux", "chromium");
    server.mode = "down";
    await flow.poll();
    expect(await flow.pending()).not.toBeNull();
    expect(schedule.at(-1)).toBe(clock.now() + 5_000);
  });

  it("says when the server cannot be reached to start", async () => {
    server.mode = "down";
    const started = await pairing().start(server.origin, "Chrome on Linux", "chromium");
    expect(started).toEqual({ ok: false, message: "TabVault at http://localhost:3000 cannot be reached" });
    expect(opened).toEqual([]);
  });
});
