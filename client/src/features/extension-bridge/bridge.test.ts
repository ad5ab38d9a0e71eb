import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EXTENSION_BRIDGE_MESSAGES, EXTENSION_LIVE_STATE_MESSAGES } from "@common/extension-bridge";
import { askLiveState, type BridgeWindow, detectExtension, type MessageLike, requestOpenTabsRestore, requestRestore } from "./bridge";

const ORIGIN = "https://tabvault.example";

/** A window with a message channel: what the page posts is recorded, and `answer` plays the extension. */
function fakeWindow(respond?: (message: Record<string, unknown>, win: ReturnType<typeof fakeWindow>) => void) {
  const listeners = new Set<(event: MessageLike) => void>();
  const posted: { message: unknown; targetOrigin: string }[] = [];
  const win = {
    location: { origin: ORIGIN },
    posted,
    listenerCount: () => listeners.size,
    addEventListener: (_type: "message", listener: (event: MessageLike) => void) => void listeners.add(listener),
    removeEventListener: (_type: "message", listener: (event: MessageLike) => void) => void listeners.delete(listener),
    setTimeout: (handler: () => void, ms: number) => setTimeout(handler, ms) as unknown as number,
    clearTimeout: (id: number) => clearTimeout(id),
    postMessage(message: unknown, targetOrigin: string) {
      posted.push({ message, targetOrigin });
      respond?.(message as Record<string, unknown>, win);
    },
    /** A message arriving from `origin`, as the extension's content script (or anyone else) sends it. */
    answer(data: unknown, origin = ORIGIN) {
      for (const listener of [...listeners]) listener({ data, origin });
    },
  };
  return win satisfies BridgeWindow;
}

describe("detectExtension", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("pings on this origin and resolves with the version the extension answers", async () => {
    const win = fakeWindow((message, self) => {
      if (message.type === EXTENSION_BRIDGE_MESSAGES.ping) queueMicrotask(() => self.answer({ type: EXTENSION_BRIDGE_MESSAGES.extension, version: "1.4.0" }));
    });
    await expect(detectExtension(win)).resolves.toEqual({ version: "1.4.0", deviceId: null });
    expect(win.posted).toEqual([{ message: { type: "tabvault:ping" }, targetOrigin: ORIGIN }]);
    expect(win.listenerCount()).toBe(0);
  });

  it("resolves null after 300 ms without an answer, and stops listening", async () => {
    const win = fakeWindow();
    const detected = detectExtension(win);
    await vi.advanceTimersByTimeAsync(299);
    win.answer({ type: EXTENSION_BRIDGE_MESSAGES.extension, version: "9.9.9" }, "https://evil.example");
    await vi.advanceTimersByTimeAsync(1);
    await expect(detected).resolves.toBeNull();
    expect(win.listenerCount()).toBe(0);
  });

  it("ignores the page's own ping and messages of other shapes", async () => {
    const win = fakeWindow((message, self) => {
      self.answer(message);
      self.answer("tabvault:extension");
      self.answer({ type: EXTENSION_BRIDGE_MESSAGES.extension, version: 3 });
    });
    const detected = detectExtension(win);
    await vi.advanceTimersByTimeAsync(300);
    await expect(detected).resolves.toBeNull();
  });
});

describe("requestRestore", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("posts the backup id and resolves when the extension says the restore started", async () => {
    const win = fakeWindow((message, self) => {
      if (message.type !== EXTENSION_BRIDGE_MESSAGES.restore) return;
      // An answer about another restore first: not this one's.
      self.answer({ type: EXTENSION_BRIDGE_MESSAGES.restoreStarted, backupId: "other", message: "Restoring 2 tabs" });
      setTimeout(() => self.answer({ type: EXTENSION_BRIDGE_MESSAGES.restoreStarted, backupId: message.backupId, message: "Restoring 30 tabs" }), 1500);
    });
    const handoff = requestRestore("b-1", {}, win);
    await vi.advanceTimersByTimeAsync(1500);
    await expect(handoff).resolves.toEqual({ outcome: "started", message: "Restoring 30 tabs" });
    expect(win.posted).toEqual([{ message: { type: "tabvault:restore", backupId: "b-1" }, targetOrigin: ORIGIN }]);
    expect(win.listenerCount()).toBe(0);
  });

  it("asks for the suggested tab groups only when the person chose them", async () => {
    const win = fakeWindow((message, self) => self.answer({ type: EXTENSION_BRIDGE_MESSAGES.restoreStarted, backupId: message.backupId, message: "Restoring 5 tabs" }));
    await requestRestore("b-4", { suggestedGroups: true }, win);
    expect(win.posted.map((post) => post.message)).toEqual([{ type: "tabvault:restore", backupId: "b-4", suggestedGroups: true }]);
  });

  it("passes on the extension's refusal and its reason", async () => {
    const win = fakeWindow((message, self) =>
      self.answer({ type: EXTENSION_BRIDGE_MESSAGES.restoreRefused, backupId: message.backupId, message: "Connect this browser to TabVault first." }),
    );
    await expect(requestRestore("b-2", {}, win)).resolves.toEqual({ outcome: "refused", message: "Connect this browser to TabVault first." });
  });

  it("gives up after its timeout when nothing answers", async () => {
    const win = fakeWindow();
    const handoff = requestRestore("b-3", {}, win, 10_000);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(handoff).resolves.toEqual({ outcome: "no-answer" });
    expect(win.listenerCount()).toBe(0);
  });
});

describe("askLiveState (the blocker page)", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());
  const live = { version: "0.1.0", connection: "connected", email: "ada@example.com", emergencyBackups: 2, tabsSaved: 17, watchedTabs: 40, lastSnapshotAt: 1_795_420_740_000 };

  it("asks and takes the extension's answer, ignoring other origins and answers that do not add up", async () => {
    const win = fakeWindow((message, self) => {
      if (message.type !== EXTENSION_LIVE_STATE_MESSAGES.status) return;
      self.answer({ type: EXTENSION_LIVE_STATE_MESSAGES.liveState, ...live }, "https://evil.example");
      self.answer({ type: EXTENSION_LIVE_STATE_MESSAGES.liveState, ...live, tabsSaved: -1 });
      self.answer({ type: EXTENSION_LIVE_STATE_MESSAGES.liveState, ...live, connection: "maybe" });
      self.answer({ type: EXTENSION_LIVE_STATE_MESSAGES.liveState, ...live });
    });
    await expect(askLiveState(win)).resolves.toEqual(live);
    expect(win.posted).toEqual([{ message: { type: "tabvault:status" }, targetOrigin: ORIGIN }]);
  });

  it("is null when no extension answers", async () => {
    const asked = askLiveState(fakeWindow());
    await vi.advanceTimersByTimeAsync(300);
    await expect(asked).resolves.toBeNull();
  });
});

describe("requestOpenTabsRestore", () => {
  it("posts the device id, and takes only the answer about that device", async () => {
    const win = fakeWindow((message, self) => {
      if (message.type !== EXTENSION_BRIDGE_MESSAGES.restoreOpenTabs) return;
      self.answer({ type: EXTENSION_BRIDGE_MESSAGES.restoreStarted, deviceId: "another-device", message: "Restoring 2 tabs" });
      self.answer({ type: EXTENSION_BRIDGE_MESSAGES.restoreStarted, deviceId: message.deviceId, message: "Restoring 12 tabs" });
    });
    await expect(requestOpenTabsRestore("d-2", win)).resolves.toEqual({ outcome: "started", message: "Restoring 12 tabs" });
    expect(win.posted).toEqual([{ message: { type: "tabvault:restore-open-tabs", deviceId: "d-2" }, targetOrigin: ORIGIN }]);
  });

  it("learns which device this browser is from the ping", async () => {
    const win = fakeWindow((message, self) => {
      if (message.type === EXTENSION_BRIDGE_MESSAGES.ping) self.answer({ type: EXTENSION_BRIDGE_MESSAGES.extension, version: "1.4.0", deviceId: "d-1" });
    });
    await expect(detectExtension(win)).resolves.toEqual({ version: "1.4.0", deviceId: "d-1" });
  });
});
