import type { CreateAppEventRequest } from "@common/api/events";
import { describe, expect, it, vi } from "vitest";
import type { KeyValueStorage } from "./home-screen-prompt";
import { PWA_LAUNCH_RECORDED_KEY, recordPwaLaunch } from "./pwa-launch";

function memoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
}

describe("recordPwaLaunch", () => {
  it("sends pwa_launch with the path once per launch when standalone", async () => {
    const storage = memoryStorage();
    const send = vi.fn(async (_event: CreateAppEventRequest) => undefined);
    expect(await recordPwaLaunch({ standalone: true, storage, path: "/sessions", send })).toBe(true);
    expect(send).toHaveBeenCalledWith({ name: "pwa_launch", path: "/sessions" });
    expect(storage.getItem(PWA_LAUNCH_RECORDED_KEY)).toBe("true");

    // A reload or another screen in the same app window is the same launch.
    expect(await recordPwaLaunch({ standalone: true, storage, path: "/", send })).toBe(false);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("sends nothing in a browser tab", async () => {
    const send = vi.fn(async () => undefined);
    expect(await recordPwaLaunch({ standalone: false, storage: memoryStorage(), path: "/", send })).toBe(false);
    expect(send).not.toHaveBeenCalled();
  });

  it("does not mark the launch when the server did not take it, so the next load tries again", async () => {
    const storage = memoryStorage();
    const failing = vi.fn(async () => {
      throw new Error("TypeError: Failed to fetch");
    });
    await expect(recordPwaLaunch({ standalone: true, storage, path: "/", send: failing })).rejects.toThrow("Failed to fetch");
    expect(storage.getItem(PWA_LAUNCH_RECORDED_KEY)).toBeNull();
    const send = vi.fn(async () => undefined);
    expect(await recordPwaLaunch({ standalone: true, storage, path: "/", send })).toBe(true);
  });

  it("still sends when storage is unavailable", async () => {
    const send = vi.fn(async () => undefined);
    const refusing: KeyValueStorage = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("SecurityError");
      },
    };
    expect(await recordPwaLaunch({ standalone: true, storage: refusing, path: "/", send })).toBe(true);
    expect(await recordPwaLaunch({ standalone: true, storage: undefined, path: "/", send })).toBe(true);
  });
});
