import { describe, expect, it } from "vitest";
import { blockedShortcut } from "./blocker";

const key = (k: string, mods: Partial<Record<"ctrlKey" | "shiftKey" | "altKey" | "metaKey", boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  metaKey: false,
  ...mods,
});

describe("blocked shortcuts", () => {
  it("recognises the close-all shortcuts of spec 2 §9", () => {
    expect(blockedShortcut(key("W", { ctrlKey: true, shiftKey: true }))).toBe("Ctrl+Shift+W");
    expect(blockedShortcut(key("w", { ctrlKey: true, altKey: true }))).toBe("Ctrl+Alt+W");
    expect(blockedShortcut(key("F4", { altKey: true }))).toBe("Alt+F4");
  });
  it("leaves other keys alone", () => {
    expect(blockedShortcut(key("w", { ctrlKey: true }))).toBeNull();
    expect(blockedShortcut(key("F4"))).toBeNull();
    expect(blockedShortcut(key("s", { ctrlKey: true, shiftKey: true }))).toBeNull();
  });
});
