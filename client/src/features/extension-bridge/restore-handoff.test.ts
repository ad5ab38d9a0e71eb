import type { SavedTab } from "@common/api/backups";
import { describe, expect, it } from "vitest";
import { HANDOFF_LIFETIME_MS, type HandoffStorage, restoreUrl, takeHandoff } from "./restore-handoff";

/** Web Storage over a map, as one origin's localStorage. */
function memoryStorage(): HandoffStorage & { size: () => number } {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    key: (index) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
    size: () => items.size,
  };
}

const origin = "https://tabvault.test";
const tab = (url: string, formData: Record<string, string> = { testEmail: "typed@example.com" }): SavedTab => ({
  id: "tab-1",
  url,
  title: "Protection Test",
  faviconUrl: null,
  isActive: true,
  lastAccessed: null,
  formData,
  scrollPosition: { x: 0, y: 400 },
});

/** The base64url JSON the hand-off fragment carried before it needed a nonce: what any link could say. */
function craftedFragment(data: unknown): string {
  return `#tabvault-restore=${Buffer.from(JSON.stringify(data)).toString("base64url")}`;
}

describe("the restore hand-off", () => {
  const now = Date.parse("2026-11-24T10:00:00Z");

  it("gives the restored tab its form values and scroll once; the link carries only the nonce", () => {
    const storage = memoryStorage();
    const url = restoreUrl(tab(`${origin}/protection-test`), origin, storage, now);
    expect(url).toMatch(/^https:\/\/tabvault\.test\/protection-test#tabvault-restore=[A-Za-z0-9_-]{22}$/);
    expect(url).not.toContain("typed");
    const hash = new URL(url).hash;
    expect(takeHandoff(storage, hash, now + 1000)).toEqual({ formData: { testEmail: "typed@example.com" }, scroll: { x: 0, y: 400 } });
    expect(takeHandoff(storage, hash, now + 2000)).toBeNull();
    expect(storage.size()).toBe(0);
  });

  it.each([
    ["form data written into the link", craftedFragment({ formData: { testEmail: "planted@evil.example" }, scroll: { x: 0, y: 0 } })],
    ["a nonce this browser's restore never wrote", "#tabvault-restore=AAAAAAAAAAAAAAAAAAAAAA"],
    ["a nonce of the wrong shape", "#tabvault-restore=../../x"],
    ["no hand-off at all", "#pricing"],
  ])("accepts nothing from a link with %s", (_label, hash) => {
    const storage = memoryStorage();
    restoreUrl(tab(`${origin}/protection-test`), origin, storage, now);
    expect(takeHandoff(storage, hash, now)).toBeNull();
  });

  it("drops a hand-off whose tab opened too late, and clears ones whose tab never opened", () => {
    const storage = memoryStorage();
    const late = new URL(restoreUrl(tab(`${origin}/a`), origin, storage, now)).hash;
    restoreUrl(tab(`${origin}/b`), origin, storage, now);
    expect(storage.size()).toBe(2);
    expect(takeHandoff(storage, late, now + HANDOFF_LIFETIME_MS)).toBeNull();
    expect(storage.size()).toBe(0);
  });

  it("opens other sites' pages and pages without state at their address, writing nothing", () => {
    const storage = memoryStorage();
    expect(restoreUrl(tab("https://news.example/story"), origin, storage, now)).toBe("https://news.example/story");
    expect(restoreUrl({ ...tab(`${origin}/`, {}), scrollPosition: { x: 0, y: 0 } }, origin, storage, now)).toBe(`${origin}/`);
    expect(storage.size()).toBe(0);
  });
});
