import { describe, expect, it } from "vitest";
import { storableText } from "./storable-text";

describe("storableText", () => {
  it("drops NUL characters", () => {
    expect(storableText("a\u0000b", 100)).toBe("ab");
  });

  it("replaces lone surrogates and keeps pairs", () => {
    expect(storableText("x\uD800y\uDC00z 😀", 100)).toBe("x\uFFFDy\uFFFDz 😀");
  });

  it("cuts to the length without splitting a surrogate pair", () => {
    expect(storableText("ab😀", 3)).toBe("ab");
    expect(storableText("ab😀c", 4)).toBe("ab😀");
    expect(storableText("abcdef", 3)).toBe("abc");
  });
});
