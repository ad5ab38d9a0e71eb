import { type ReactNode, useSyncExternalStore } from "react";

/**
 * A tiny toast store in the style of shadcn/ui's `use-toast`: `toast()` works from anywhere (no hook
 * needed), `<Toaster />` renders what the store holds. One toast at a time: a new toast
 * replaces the one on screen. A dismissed toast stays in the store for TOAST_REMOVE_DELAY so Radix can
 * play its exit animation, then it is removed.
 */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5_000;

export type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** How long the toast stays, in ms; TOAST_DURATION when omitted. */
  duration?: number;
  /** An optional action element, e.g. a `<ToastAction>`. */
  action?: ReactNode;
}

export interface ToasterToast extends ToastInput {
  id: string;
  open: boolean;
}

export type ToastAction =
  | { type: "ADD_TOAST"; toast: ToasterToast }
  | { type: "UPDATE_TOAST"; toast: Partial<ToasterToast> & { id: string } }
  | { type: "DISMISS_TOAST"; toastId?: string }
  | { type: "REMOVE_TOAST"; toastId?: string };

export interface ToastState {
  toasts: ToasterToast[];
}

/** Pure state transitions of the store (exported for tests). */
export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case "ADD_TOAST":
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case "UPDATE_TOAST":
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case "DISMISS_TOAST":
      return {
        toasts: state.toasts.map((t) =>
          action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t,
        ),
      };
    case "REMOVE_TOAST":
      return { toasts: action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId) };
  }
}

let memoryState: ToastState = { toasts: [] };
const listeners = new Set<(state: ToastState) => void>();
const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function dispatch(action: ToastAction): void {
  if (action.type === "DISMISS_TOAST") {
    const ids = action.toastId === undefined ? memoryState.toasts.map((t) => t.id) : [action.toastId];
    ids.forEach(scheduleRemoval);
  }
  memoryState = toastReducer(memoryState, action);
  listeners.forEach((listener) => listener(memoryState));
}

function scheduleRemoval(id: string): void {
  if (removeTimeouts.has(id)) return;
  removeTimeouts.set(
    id,
    setTimeout(() => {
      removeTimeouts.delete(id);
      dispatch({ type: "REMOVE_TOAST", toastId: id });
    }, TOAST_REMOVE_DELAY),
  );
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (toast: ToastInput) => void;
}

/** Shows a toast (replacing the current one) and returns a handle to update or dismiss it. */
export function toast(input: ToastInput): ToastHandle {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const dismiss = () => dispatch({ type: "DISMISS_TOAST", toastId: id });
  const update = (next: ToastInput) => dispatch({ type: "UPDATE_TOAST", toast: { ...next, id } });
  dispatch({ type: "ADD_TOAST", toast: { ...input, id, open: true } });
  return { id, dismiss, update };
}

/** Dismisses one toast, or every toast when no id is given. */
export function dismissToast(toastId?: string): void {
  dispatch({ type: "DISMISS_TOAST", toastId });
}

function subscribe(listener: (state: ToastState) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = (): ToastState => memoryState;

/** Subscribes a component to the toast store. */
export function useToast(): ToastState & { toast: typeof toast; dismiss: typeof dismissToast } {
  const state = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { ...state, toast, dismiss: dismissToast };
}
