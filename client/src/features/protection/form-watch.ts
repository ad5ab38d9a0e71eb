import { captureFields, type FieldFacts } from "@common/form-capture";

/**
 * What the page's form fields hold, read with the shared capture rules (common/form-capture.ts). Kept apart
 * from page-snapshot.ts, without zod: the in-page blocker runs for visitors too and asks it before the page
 * is left.
 */

/** Fields that were password fields when the person focused them, even if a "show" toggle changed them. */
const everPassword = new WeakSet<Element>();
/** Fields the person typed into (trusted input events only). */
const edited = new WeakSet<Element>();

/** Starts marking fields; for the life of the page (the in-page blocker calls it once). */
export function watchFormFields(): void {
  const markPassword = (event: FocusEvent) => {
    if (event.target instanceof HTMLInputElement && event.target.type === "password") everPassword.add(event.target);
  };
  const markEdited = (event: Event) => {
    if (event.isTrusted && event.target instanceof Element) edited.add(event.target);
  };
  document.addEventListener("focusin", markPassword, true);
  document.addEventListener("input", markEdited, true);
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function factsOf(element: Field): FieldFacts {
  const defaultValue =
    element instanceof HTMLSelectElement
      ? ([...element.options].find((option) => option.defaultSelected)?.value ?? element.options[0]?.value ?? "")
      : element.defaultValue;
  return {
    tag: element.tagName.toLowerCase() as FieldFacts["tag"],
    type: element instanceof HTMLInputElement ? element.type.toLowerCase() : "",
    name: element.name,
    id: element.id,
    value: element.value,
    defaultValue,
    autocomplete: element.getAttribute("autocomplete") ?? "",
    everPassword: everPassword.has(element),
    userEdited: edited.has(element),
  };
}

/** The values of this page's fields a backup may keep, keyed as spec 2 §5 says. */
export function pageFormData(): Record<string, string> {
  return captureFields([...document.querySelectorAll<Field>("input, textarea, select")].map(factsOf));
}

/** True when the page holds typing a backup would keep, which leaving the page would lose. */
export function hasUnsavedInput(): boolean {
  return Object.keys(pageFormData()).length > 0;
}
