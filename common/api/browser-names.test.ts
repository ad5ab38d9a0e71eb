import { describe, expect, it } from "vitest";
import { browserName, browserTypes } from "./backups";

describe("browser names", () => {
  it("names every browser type the apps send as people write it", () => {
    expect(browserTypes.map(browserName)).toEqual(["Samsung Internet", "Mi Browser", "Firefox", "Edge", "Opera", "Safari", "Chrome", "Another browser"]);
  });

  it("names the extension's browsers too, and shows an unknown value as it came", () => {
    expect(["chromium", "brave", "vivaldi"].map(browserName)).toEqual(["Chromium", "Brave", "Vivaldi"]);
    expect(browserName("netscape")).toBe("netscape");
  });
});
