import { looksLikeCardNumber } from "./card-number";
import { SEALED_FORM_FIELD } from "./end-to-end-encryption";
import { secretAutocomplete } from "./form-privacy";

/**
 * Which form fields a backup may keep, shared by the web app's own capture and the browser
 * extension's content script on any site. The privacy rules are Firefox session restore's: never
 * passwords (or fields that ever were one), hidden fields, fields with autocomplete=off, one-time
 * codes, values still equal to the page's default, or anything that looks like a card. Pure: the DOM
 * is read elsewhere and described with {@link FieldFacts}.
 */
export interface FieldFacts {
  tag: "input" | "textarea" | "select";
  /** The input's type attribute, lower-cased; "" for textarea and select. */
  type: string;
  name: string;
  id: string;
  value: string;
  defaultValue: string;
  autocomplete: string;
  /** True when the field was a password field at any point while the page was open. */
  everPassword: boolean;
  /**
   * True once the person typed into it. React keeps a controlled field's value attribute in step
   * with its value, so "equal to the default" alone cannot tell typing from a pre-filled page.
   */
  userEdited: boolean;
}

/** What the server stores per tab (the browser-backup and backup contracts agree on these). */
export const FORM_CAPTURE_LIMITS = {
  fieldsPerTab: 100,
  fieldNameLength: 200,
  valueLength: 10_000,
} as const;

const textTypes = new Set(["text", "email", "search", "url", "tel", "number", ""]);

export function mayCapture(field: FieldFacts): boolean {
  if (field.everPassword || field.type === "password" || field.type === "hidden") return false;
  if (field.tag === "input" && !textTypes.has(field.type)) return false;
  const autocomplete = field.autocomplete.trim().toLowerCase();
  if (autocomplete === "off") return false;
  if (field.value.trim() === "" || (field.value === field.defaultValue && !field.userEdited)) return false;
  if (secretAutocomplete(autocomplete) || looksLikeCardNumber(field.value)) return false;
  return true;
}

/**
 * The key a value is stored under: name, else id, else field or select index. `index` is the
 * field's position among the page's fields of its own kind: inputs and textareas are counted together, selects
 * apart, so adding a select never renames the unnamed text fields after it.
 */
export function fieldKey(field: FieldFacts, index: number): string {
  if (field.name) return field.name;
  if (field.id) return field.id;
  return field.tag === "select" ? `select_${index}` : `field_${index}`;
}

/**
 * The values a backup keeps, at most {@link FORM_CAPTURE_LIMITS.fieldsPerTab}: the server refuses a
 * whole backup with more, so one long form must never cost every other tab. `fields` are all of the page's
 * fields in document order, so each one's index among its kind can be counted.
 */
export function captureFields(fields: FieldFacts[]): Record<string, string> {
  const captured: Record<string, string> = {};
  let count = 0;
  const seen = { field: 0, select: 0 };
  fields.forEach((field) => {
    const kind = field.tag === "select" ? "select" : "field";
    const index = seen[kind];
    seen[kind] += 1;
    if (count >= FORM_CAPTURE_LIMITS.fieldsPerTab || !mayCapture(field)) return;
    const key = storableText(fieldKey(field, index), FORM_CAPTURE_LIMITS.fieldNameLength);
    // A page's own field may not pose as sealed form data (decision 177): the server would refuse the backup.
    if (key === "" || key === SEALED_FORM_FIELD || key in captured) return;
    captured[key] = storableText(field.value, FORM_CAPTURE_LIMITS.valueLength);
    count += 1;
  });
  return captured;
}

/**
 * Text read from a page, made storable: PostgreSQL refuses NUL characters and lone UTF-16 surrogates,
 * and the server answers such a backup with 400, so one odd character would cost the whole backup.
 * NULs are dropped, lone surrogates become U+FFFD, and the cut to `maxLength` never splits a pair.
 */
export function storableText(value: string, maxLength: number): string {
  // The common case, checked first: a 2,000-tab snapshot runs this for every title.
  if (value.length <= maxLength && !value.includes("\u0000") && !/[\uD800-\uDFFF]/.test(value)) return value;
  let text = value.replaceAll("\u0000", "");
  if (text.length > maxLength) {
    const end = /[\uD800-\uDBFF]/.test(text[maxLength - 1] ?? "") ? maxLength - 1 : maxLength;
    text = text.slice(0, end);
  }
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}

/** A scroll position the server accepts: whole, non-negative pixels. */
export function storableScroll(x: number, y: number): { x: number; y: number } {
  const clamp = (value: number) => (Number.isFinite(value) ? Math.min(10_000_000, Math.max(0, Math.round(value))) : 0);
  return { x: clamp(x), y: clamp(y) };
}
