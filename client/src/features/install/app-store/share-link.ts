/** What the share button can use: the device share sheet where there is one, the clipboard otherwise. */
export interface ShareTargets {
  share?: (data: ShareData) => Promise<void>;
  copy?: (text: string) => Promise<void>;
}

export type ShareOutcome = "shared" | "cancelled" | "copied" | "failed";

/**
 * Spec 2 §2: share through the share sheet, else copy the link. Closing the share sheet is the person's
 * choice (AbortError), so it is only logged; a share sheet that fails otherwise falls back to copying.
 */
export async function shareOrCopyLink(data: ShareData & { url: string }, targets: ShareTargets): Promise<ShareOutcome> {
  if (targets.share) {
    try {
      await targets.share(data);
      return "shared";
    } catch (error) {
      if (error instanceof Error && error.name === "AbortError") {
        console.info("TabVault: sharing was cancelled");
        return "cancelled";
      }
      console.warn("TabVault: the share sheet failed; copying the link instead", error);
    }
  }
  if (!targets.copy) return "failed";
  try {
    await targets.copy(data.url);
    return "copied";
  } catch (error) {
    console.warn("TabVault: the link could not be copied", error);
    return "failed";
  }
}

/** The browser's own share sheet and clipboard, bound so they can be called detached. */
export function browserShareTargets(): ShareTargets {
  return {
    share: typeof navigator.share === "function" ? (data) => navigator.share(data) : undefined,
    copy: navigator.clipboard ? (text) => navigator.clipboard.writeText(text) : undefined,
  };
}
