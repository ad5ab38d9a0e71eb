import { describe, expect, it } from "vitest";
import { browserTestFiles, longestFirst, measuredSeconds } from "./browser-tests";

describe("the browser tests' order", () => {
  it("takes the longest file first and a file never measured before all of them", () => {
    expect(longestFirst(["a.test.ts", "new.test.ts", "b.test.ts", "c.test.ts"], { "a.test.ts": 30, "b.test.ts": 200, "c.test.ts": 30 })).toEqual([
      "new.test.ts",
      "b.test.ts",
      "a.test.ts",
      "c.test.ts",
    ]);
  });

  it("names only browser test files that exist, so a renamed file is measured again rather than kept as a stale row", () => {
    const files = new Set(browserTestFiles());
    expect(Object.keys(measuredSeconds()).filter((name) => !files.has(name))).toEqual([]);
  });
});
