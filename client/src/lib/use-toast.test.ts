import { describe, expect, it } from "vitest";
import { TOAST_LIMIT, toastReducer, type ToasterToast } from "./use-toast";

const make = (id: string): ToasterToast => ({ id, open: true, title: `toast ${id}` });

describe("toastReducer", () => {
  it("keeps one toast at a time: a new toast replaces the previous one", () => {
    expect(TOAST_LIMIT).toBe(1);
    let state = toastReducer({ toasts: [] }, { type: "ADD_TOAST", toast: make("1") });
    state = toastReducer(state, { type: "ADD_TOAST", toast: make("2") });
    expect(state.toasts.map((t) => t.id)).toEqual(["2"]);
  });

  it("updates, dismisses and removes by id", () => {
    let state = toastReducer({ toasts: [] }, { type: "ADD_TOAST", toast: make("1") });
    state = toastReducer(state, { type: "UPDATE_TOAST", toast: { id: "1", variant: "destructive" } });
    expect(state.toasts[0]?.variant).toBe("destructive");
    state = toastReducer(state, { type: "DISMISS_TOAST", toastId: "1" });
    expect(state.toasts[0]?.open).toBe(false);
    state = toastReducer(state, { type: "REMOVE_TOAST", toastId: "1" });
    expect(state.toasts).toEqual([]);
  });
});
