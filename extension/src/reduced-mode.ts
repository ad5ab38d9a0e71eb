import { EMERGENCY_RULES } from "./emergency";

/** One rule of protection and whether it works in this browser. */
export interface RuleHere {
  applies: boolean;
  text: string;
}

export const REDUCED_MODE_TITLE = "On Firefox for Android";

/**
 * What protects tabs on Firefox for Android, said in the popup (decision 210): it has no windows API, so nothing there
 * can see a window close, and a restore has one window, without pins or tab groups. The rules that watch tabs apply.
 */
export function reducedModeRules(): RuleHere[] {
  return [
    { applies: true, text: `${EMERGENCY_RULES.burstTabs} or more tabs closed within a second are kept as an emergency backup` },
    { applies: true, text: "Far fewer tabs after the browser restarts are kept as an emergency backup" },
    { applies: false, text: "A closed window is not caught: Firefox for Android has no windows, so no window-close rule runs here" },
    { applies: true, text: "Restores open every tab in this window, without pins or tab groups" },
  ];
}

/** An automation rule's words on a browser without windows: a window-close rule says it does not run there. */
export function windowCloseRuleHere(text: string, hasWindows: boolean): string {
  return hasWindows ? text : `${text} — not run here: Firefox for Android has no windows`;
}
