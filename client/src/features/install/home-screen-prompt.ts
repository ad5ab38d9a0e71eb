import type { InstallPlatform } from "./platform";

/** localStorage key of spec 1 §3: once set, neither the banner nor the automatic install dialog shows again. */
export const HOME_SCREEN_PROMPT_DISMISSED_KEY = "homeScreenPromptDismissed";

/** The part of Storage the dismissal needs, so tests can pass a Map-backed one. */
export type KeyValueStorage = Pick<Storage, "getItem" | "setItem">;

/** Reading storage can throw (Safari private mode, storage disabled): then nothing was dismissed. */
export function isHomeScreenPromptDismissed(storage: KeyValueStorage | undefined): boolean {
  try {
    return storage?.getItem(HOME_SCREEN_PROMPT_DISMISSED_KEY) === "true";
  } catch {
    return false;
  }
}

/** Remembers the "no"; if storage refuses, the prompt is only hidden for this page. */
export function dismissHomeScreenPrompt(storage: KeyValueStorage | undefined): void {
  try {
    storage?.setItem(HOME_SCREEN_PROMPT_DISMISSED_KEY, "true");
  } catch {
    // Nothing to keep it in; the caller hides the prompt anyway.
  }
}

export interface HomeScreenBannerContext {
  platform: InstallPlatform;
  /** Running from the home screen already (display-mode: standalone), or installed during this visit. */
  installed: boolean;
  dismissed: boolean;
}

/** Spec 1 §4: the home-screen banner is for iOS or Android, not when running as an app, not once dismissed. */
export function isHomeScreenBannerEligible({ platform, installed, dismissed }: HomeScreenBannerContext): boolean {
  return (platform === "ios" || platform === "android") && !installed && !dismissed;
}
