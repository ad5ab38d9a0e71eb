import { defineContentScript } from "wxt/utils/define-content-script";
import { captureFields, type FieldFacts, storableScroll } from "@common/form-capture";
import { send } from "../src/send";
import type { PageState } from "../src/snapshot";

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Opt-in (the options page asks for access to every site): reports what a person typed and how far
 * they scrolled, with the web app's privacy rules (common/form-capture.ts), and puts both back when
 * the tab is reopened by a restore.
 */
export default defineContentScript({
  registration: "runtime",
  runAt: "document_idle",
  main() {
    const everPassword = new WeakSet<Element>();
    const edited = new WeakSet<Element>();
    let lastSent = "";
    let timer: number | undefined;

    document.addEventListener(
      "focusin",
      (event) => {
        if (event.target instanceof HTMLInputElement && event.target.type === "password") everPassword.add(event.target);
      },
      true,
    );

    const factsOf = (element: Field): FieldFacts => ({
      tag: element instanceof HTMLInputElement ? "input" : element instanceof HTMLTextAreaElement ? "textarea" : "select",
      type: element instanceof HTMLInputElement ? element.type.toLowerCase() : "",
      name: element.name,
      id: element.id,
      value: element.value,
      defaultValue:
        element instanceof HTMLSelectElement
          ? ([...element.options].find((option) => option.defaultSelected)?.value ?? element.options[0]?.value ?? "")
          : element.defaultValue,
      autocomplete: element.getAttribute("autocomplete") ?? "",
      everPassword: everPassword.has(element) || (element instanceof HTMLInputElement && element.type === "password"),
      userEdited: edited.has(element),
    });

    const report = () => {
      window.clearTimeout(timer);
      const fields = [...document.querySelectorAll<Field>("input, textarea, select")];
      const state: PageState = {
        url: window.location.href,
        formData: captureFields(fields.map(factsOf)),
        scrollPosition: storableScroll(window.scrollX, window.scrollY),
      };
      const key = JSON.stringify(state);
      if (key === lastSent) return;
      lastSent = key;
      void send("page-state", state).catch(() => undefined);
    };
    const soon = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(report, 1_000);
    };

    document.addEventListener(
      "input",
      (event) => {
        if (event.isTrusted && event.target instanceof Element) edited.add(event.target);
        soon();
      },
      true,
    );
    document.addEventListener("change", soon, true);
    window.addEventListener("scroll", soon, { passive: true });
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") report();
    });
    window.addEventListener("pagehide", report);

    void send("page-refill", { url: window.location.href })
      .then((refill) => {
        if (refill) refillPage(refill);
      })
      .catch(() => undefined);
  },
});

/** Puts typed values back (native setter plus input/change events, so frameworks see them) and scrolls. */
function refillPage(state: PageState): void {
  let attempts = 0;
  const apply = () => {
    attempts += 1;
    const entries = Object.entries(state.formData);
    const fields = entries.map(([key]) => document.querySelector<Field>(`[name="${CSS.escape(key)}"], #${CSS.escape(key)}`));
    // Pages that render late: wait for their fields for up to ~3 s.
    if (fields.some((field) => !field) && attempts < 30) return void window.setTimeout(apply, 100);
    entries.forEach(([, value], position) => {
      const field = fields[position];
      if (!field || (field instanceof HTMLInputElement && (field.type === "password" || field.type === "hidden"))) return;
      const prototype: object = Object.getPrototypeOf(field);
      Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, value);
      field.dispatchEvent(new Event("input", { bubbles: true }));
      field.dispatchEvent(new Event("change", { bubbles: true }));
    });
    window.scrollTo(state.scrollPosition.x, state.scrollPosition.y);
  };
  window.setTimeout(apply, 50);
}
