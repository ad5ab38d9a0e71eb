import { useSyncExternalStore } from "react";
import { dismissHomeScreenPrompt, isHomeScreenPromptDismissed } from "./home-screen-prompt";

/** Fired on window when this tab dismisses the prompts; other tabs hear the `storage` event. */
const dismissedEvent = "tabvault:home-screen-prompt-dismissed";

/** localStorage, or undefined where touching it throws (storage disabled). */
function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The person said no to installing: the banner and the automatic install dialog stop showing. */
export function dismissHomeScreenPrompts(): void {
  dismissHomeScreenPrompt(safeLocalStorage());
  window.dispatchEvent(new Event(dismissedEvent));
}

function subscribe(listener: () => void): () => void {
  window.addEventListener(dismissedEvent, listener);
  window.addEventListener("storage", listener);
  return () => {
    window.removeEventListener(dismissedEvent, listener);
    window.removeEventListener("storage", listener);
  };
}

const readDismissed = () => isHomeScreenPromptDismissed(safeLocalStorage());

export function useHomeScreenPromptsDismissed(): boolean {
  return useSyncExternalStore(subscribe, readDismissed, () => false);
}
