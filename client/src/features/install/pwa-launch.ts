import type { CreateAppEventRequest } from "@common/api/events";
import { PRODUCT_SLUG } from "@common/product";
import type { KeyValueStorage } from "./home-screen-prompt";

/**
 * sessionStorage lives as long as the app window: a reload or a move between screens is the same launch,
 * opening TabVault from the home screen again is a new one.
 */
export const PWA_LAUNCH_RECORDED_KEY = `${PRODUCT_SLUG}_pwa_launch_recorded`;

export interface PwaLaunchContext {
  standalone: boolean;
  /** The window's sessionStorage; undefined where the browser refuses it. */
  storage: KeyValueStorage | undefined;
  /** The client route the app opened on. */
  path: string;
  send: (event: CreateAppEventRequest) => Promise<unknown>;
}

/**
 * Sends `pwa_launch` once per launch as an app. Marked only after the server took it, so a
 * launch while offline is recorded on the next load that reaches the server. Resolves to whether it sent.
 */
export async function recordPwaLaunch({ standalone, storage, path, send }: PwaLaunchContext): Promise<boolean> {
  if (!standalone) return false;
  try {
    if (storage?.getItem(PWA_LAUNCH_RECORDED_KEY) === "true") return false;
  } catch {
    // Unreadable storage: send, at worst twice in one launch.
  }
  await send({ name: "pwa_launch", path });
  try {
    storage?.setItem(PWA_LAUNCH_RECORDED_KEY, "true");
  } catch {
    // As above.
  }
  return true;
}
