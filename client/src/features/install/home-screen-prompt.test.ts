import { describe, expect, it } from "vitest";
import {
  dismissHomeScreenPrompt,
  HOME_SCREEN_PROMPT_DISMISSED_KEY,
  isHomeScreenBannerEligible,
  isHomeScreenPromptDismissed,
  type KeyValueStorage,
} from "./home-screen-prompt";

function memoryStorage(): KeyValueStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
  };
}

const refusingStorage: KeyValueStorage = {
  getItem: () => {
    throw new Error("SecurityError: storage is disabled");
  },
  setItem: () => {
    throw new Error("QuotaExceededError");
  },
};

describe("home-screen prompt dismissal", () => {
  it("is not dismissed until dismissed, then stays dismissed under homeScreenPromptDismissed", () => {
    const storage = memoryStorage();
    expect(isHomeScreenPromptDismissed(storage)).toBe(false);
    dismissHomeScreenPrompt(storage);
    expect(storage.values.get(HOME_SCREEN_PROMPT_DISMISSED_KEY)).toBe("true");
    expect(HOME_SCREEN_PROMPT_DISMISSED_KEY).toBe("homeScreenPromptDismissed");
    expect(isHomeScreenPromptDismissed(storage)).toBe(true);
  });

  it("reads another value under the key as not dismissed", () => {
    const storage = memoryStorage();
    storage.setItem(HOME_SCREEN_PROMPT_DISMISSED_KEY, "false");
    expect(isHomeScreenPromptDismissed(storage)).toBe(false);
  });

  it("survives storage that throws or is missing", () => {
    expect(isHomeScreenPromptDismissed(refusingStorage)).toBe(false);
    expect(() => dismissHomeScreenPrompt(refusingStorage)).not.toThrow();
    expect(isHomeScreenPromptDismissed(undefined)).toBe(false);
    expect(() => dismissHomeScreenPrompt(undefined)).not.toThrow();
  });
});

describe("isHomeScreenBannerEligible", () => {
  it.each([
    ["Android in the browser", { platform: "android", installed: false, dismissed: false }, true],
    ["iOS in the browser", { platform: "ios", installed: false, dismissed: false }, true],
    ["a desktop browser", { platform: "other", installed: false, dismissed: false }, false],
    ["Android running as an app", { platform: "android", installed: true, dismissed: false }, false],
    ["iOS running as an app", { platform: "ios", installed: true, dismissed: false }, false],
    ["Android after dismissal", { platform: "android", installed: false, dismissed: true }, false],
    ["iOS after dismissal", { platform: "ios", installed: false, dismissed: true }, false],
  ] as const)("%s: %s", (_label, context, expected) => {
    expect(isHomeScreenBannerEligible(context)).toBe(expected);
  });
});
