/** Chromium's `beforeinstallprompt` event, which TypeScript's DOM library does not describe. */
export interface BeforeInstallPromptEvent extends Event {
  readonly platforms?: string[];
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform?: string }>;
}

/** How asking the browser to install went: no offer to ask with, the person's answer, or an error. */
export type InstallOutcome = "unavailable" | "accepted" | "dismissed" | "failed";

/**
 * Shows the browser's own install prompt for an offer kept from `beforeinstallprompt`. A browser lets an
 * offer be used once, so the caller drops it afterwards whatever the outcome.
 */
export async function promptToInstall(offer: BeforeInstallPromptEvent | null): Promise<InstallOutcome> {
  if (!offer) return "unavailable";
  try {
    await offer.prompt();
    const choice = await offer.userChoice;
    return choice.outcome === "accepted" ? "accepted" : "dismissed";
  } catch (error) {
    console.error("TabVault: the browser's install prompt failed", error);
    return "failed";
  }
}
