import { useSyncExternalStore } from "react";
import { toast } from "@/lib/use-toast";
import type { BeforeInstallPromptEvent } from "./install-prompt";

/** Why the install dialog is open: it says a little more after a payment, and "Later" means more after an offer. */
export type InstallDialogRequest =
  | { reason: "offer" }
  | { reason: "request"; manual?: boolean }
  | { reason: "payment"; planName: string };

export interface InstallState {
  /** The browser's install offer (`beforeinstallprompt`), kept until it is used. */
  offer: BeforeInstallPromptEvent | null;
  /** `performance.now()` when the offer arrived, so the dialog can open a set time after it. */
  offeredAt: number | null;
  /** The person accepted the browser's prompt and the browser is installing. */
  installing: boolean;
  /** The browser reported `appinstalled` during this visit. */
  installedThisVisit: boolean;
  dialog: InstallDialogRequest | null;
}

/**
 * The install machinery's one store, loaded with the shell so the browser's early `beforeinstallprompt` is
 * never missed; every install button, the dialog, the banner and the payment return read and change it.
 */
let state: InstallState = { offer: null, offeredAt: null, installing: false, installedThisVisit: false, dialog: null };
const listeners = new Set<() => void>();

function update(change: Partial<InstallState>): void {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getInstallState(): InstallState {
  return state;
}

export function useInstallState(): InstallState {
  return useSyncExternalStore(subscribe, getInstallState, getInstallState);
}

let listening = false;

/** Called once at start-up, before anything renders. */
export function listenForInstallEvents(target: Window = window): void {
  if (listening) return;
  listening = true;
  target.addEventListener("beforeinstallprompt", (event) => {
    // Keep the offer for our own dialog and buttons instead of the browser's mini-infobar.
    event.preventDefault();
    update({ offer: event as BeforeInstallPromptEvent, offeredAt: performance.now() });
  });
  target.addEventListener("appinstalled", () => {
    update({ offer: null, offeredAt: null, installing: false, installedThisVisit: true });
    toast({ title: "App Installed!", description: "TabVault is on your home screen. Open it from there like any other app." });
  });
}

/** A browser lets an offer be used once; `installing` says whether the person accepted it. */
export function offerUsed(installing: boolean): void {
  update({ offer: null, offeredAt: null, installing });
}

export function openInstallDialog(request: InstallDialogRequest): void {
  update({ dialog: request });
}

export function closeInstallDialog(): void {
  update({ dialog: null });
}
