import { SESSION_LIMITS } from "@common/api/payload-limits";
import { looksLikeCardNumber } from "@common/card-number";
import { storableText } from "./storable-text";

/**
 * Which form fields a backup may keep (spec 2 §5), with the privacy rules of Firefox's session
 * restore: never passwords (or fields that ever were one), hidden fields, fields with
 * autocomplete=off, values still equal to the page's default, or anything that looks like a card.
 * Pure: the DOM is read elsewhere and described with {@link FieldFacts}.
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

const textTypes = new Set(["text", "email", "search", "url", "tel", "number", ""]);

export function mayCapture(field: FieldFacts): boolean {
  if (field.everPassword || field.type === "password" || field.type === "hidden") return false;
  if (field.tag === "input" && !textTypes.has(field.type)) return false;
  if (field.autocomplete.trim().toLowerCase() === "off") return false;
  if (field.value.trim() === "" || (field.value === field.defaultValue && !field.userEdited)) return false;
  if (/cc-|card/.test(field.autocomplete.toLowerCase()) || looksLikeCardNumber(field.value)) return false;
  return true;
}

/** The key a value is stored under (spec 2 §5): name, else id, else field or select index. */
export function fieldKey(field: FieldFacts, index: number): string {
  if (field.name) return field.name;
  if (field.id) return field.id;
  return field.tag === "select" ? `select_${index}` : `field_${index}`;
}

export function captureFields(fields: FieldFacts[]): Record<string, string> {
  const captured: Record<string, string> = {};
  fields.forEach((field, index) => {
    if (mayCapture(field)) captured[storableText(fieldKey(field, index), SESSION_LIMITS.formFieldNameLength)] = storableText(field.value, SESSION_LIMITS.formValueLength);
  });
  return captured;
}
