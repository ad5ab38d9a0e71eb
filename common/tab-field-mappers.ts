import type { windowStates } from "./api/tab-fields";

/**
 * The window and tab fields every browser-shaped copy of a backup carries — the extension's upload, a stored
 * browser backup read back, a device's open tabs, a TabVault JSON export — mapped once (decision 205). The
 * contracts build these shapes from the same zod pieces (`common/api/tab-fields.ts`); these map a value of one
 * shape to the fields the next one keeps, optional fields made explicit.
 */

/** Where a window was and how it was shown: what a backup keeps of it and what a restore gives it back. */
export interface WindowPlacement {
  state: (typeof windowStates)[number];
  focused: boolean;
  left: number | null;
  top: number | null;
  width: number | null;
  height: number | null;
}

type MaybePlacement = Pick<WindowPlacement, "state" | "focused"> & { [K in "left" | "top" | "width" | "height"]?: number | null | undefined };

/** A window's placement with every bound explicit (null when the browser did not say). */
export function windowPlacementOf(window: MaybePlacement): WindowPlacement {
  return {
    state: window.state,
    focused: window.focused,
    left: window.left ?? null,
    top: window.top ?? null,
    width: window.width ?? null,
    height: window.height ?? null,
  };
}

/** What a tab is and where it sits among the others, beside its address and what was typed into it. */
export interface BrowserTabFields {
  url: string;
  title: string;
  faviconUrl: string | null;
  pinned: boolean;
  active: boolean;
  groupId: number | null;
}

type MaybeTabFields = Pick<BrowserTabFields, "url" | "title" | "pinned" | "active"> & {
  faviconUrl?: string | null | undefined;
  groupId?: number | null | undefined;
};

/**
 * A browser tab's own fields with the optional ones explicit. Its sealed location (decision 199), form data and
 * scroll are each copy's to add: an open-tabs list keeps no form data, an upload has no sealed location until
 * the extension's queue seals it.
 */
export function browserTabFieldsOf(tab: MaybeTabFields): BrowserTabFields {
  return {
    url: tab.url,
    title: tab.title,
    faviconUrl: tab.faviconUrl ?? null,
    pinned: tab.pinned,
    active: tab.active,
    groupId: tab.groupId ?? null,
  };
}
