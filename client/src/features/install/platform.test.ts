import { describe, expect, it } from "vitest";
import { detectPlatform, isStandaloneDisplay } from "./platform";

const userAgents = {
  pixel: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
  samsung: "Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
  iphone: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  ipadOld: "Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
  ipadOrMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  windows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  linux: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
};

describe("detectPlatform", () => {
  it.each([
    ["an Android phone", userAgents.pixel, 5, "android"],
    ["Samsung Internet", userAgents.samsung, 5, "android"],
    ["an iPhone", userAgents.iphone, 5, "ios"],
    ["an older iPad", userAgents.ipadOld, 5, "ios"],
    ["an iPad that says Macintosh", userAgents.ipadOrMac, 5, "ios"],
    ["a Mac (no touch screen)", userAgents.ipadOrMac, 0, "other"],
    ["Windows", userAgents.windows, 0, "other"],
    ["a Linux desktop", userAgents.linux, 0, "other"],
    ["an empty user agent", "", 0, "other"],
  ] as const)("%s is %s", (_label, userAgent, touchPoints, expected) => {
    expect(detectPlatform(userAgent, touchPoints)).toBe(expected);
  });
});

describe("isStandaloneDisplay", () => {
  const media = (standalone: boolean) => (query: string) => ({ matches: standalone && query === "(display-mode: standalone)" });

  it("is true when the page matches display-mode: standalone", () => {
    expect(isStandaloneDisplay({ matchMedia: media(true), navigator: {} })).toBe(true);
  });

  it("is true for an iOS home-screen app (navigator.standalone)", () => {
    expect(isStandaloneDisplay({ matchMedia: media(false), navigator: { standalone: true } })).toBe(true);
  });

  it("is false in a browser tab", () => {
    expect(isStandaloneDisplay({ matchMedia: media(false), navigator: { standalone: false } })).toBe(false);
    expect(isStandaloneDisplay({ matchMedia: media(false), navigator: {} })).toBe(false);
  });

  it("is false where matchMedia is missing", () => {
    expect(isStandaloneDisplay({ navigator: {} })).toBe(false);
  });
});
