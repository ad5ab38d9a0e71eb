import { describe, expect, it } from "vitest";
import { highlightParts, isOpenable } from "./organise-api";

describe("search result highlighting", () => {
  it("marks every occurrence of every word, whatever the case", () => {
    expect(highlightParts("Kubernetes docs | kubernetes.io", "KUBERNETES io")).toEqual([
      { text: "Kubernetes", match: true },
      { text: " docs | ", match: false },
      { text: "kubernetes", match: true },
      { text: ".", match: false },
      { text: "io", match: true },
    ]);
  });

  it("prefers the longest word where two start at one place, and leaves text without a match whole", () => {
    expect(highlightParts("golang", "go golang")).toEqual([{ text: "golang", match: true }]);
    expect(highlightParts("nothing here", "zzz")).toEqual([{ text: "nothing here", match: false }]);
    expect(highlightParts("", "zzz")).toEqual([]);
  });

  it("opens only web pages", () => {
    expect(isOpenable("https://example.com/")).toBe(true);
    expect(isOpenable("javascript:alert(1)")).toBe(false);
  });
});
