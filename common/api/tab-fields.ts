import { z } from "zod";
import { columnInteger } from "./integers";
import { SESSION_LIMITS } from "./payload-limits";
import { text } from "./text";
import { SEALED_FORM_DATA_LENGTH, SEALED_FORM_FIELD, sealedTextPattern } from "../end-to-end-encryption";

/**
 * The fields every kind of backup holds for a tab (the web app's, the apps' and the extension's), with
 * one set of rules and messages, so a tab the web app may store is one the extension may store too.
 */

export const webUrlSchema = text()
  .max(SESSION_LIMITS.urlLength, `A URL has at most ${SESSION_LIMITS.urlLength} characters`)
  .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), "Only http and https URLs can be backed up");

export const faviconUrlSchema = text()
  .max(SESSION_LIMITS.urlLength, `A favicon URL has at most ${SESSION_LIMITS.urlLength} characters`)
  .refine((value) => /^(https?:\/\/|data:image\/)/.test(value), "A favicon must be an http(s) or data:image URL");

export const tabTitleSchema = text().max(SESSION_LIMITS.titleLength, `A title has at most ${SESSION_LIMITS.titleLength} characters`).default("");

/**
 * What was typed into a page's fields, by field key (common/form-capture.ts decides what is kept), or, with
 * end-to-end encryption, the one entry SEALED_FORM_FIELD holding them all sealed (decision 177).
 */
export const formDataSchema = z
  .record(text().min(1).max(SESSION_LIMITS.formFieldNameLength), text())
  .superRefine((fields, context) => {
    const sealed = fields[SEALED_FORM_FIELD];
    if (sealed !== undefined) {
      if (Object.keys(fields).length > 1) context.addIssue({ code: "custom", message: "Sealed form data must be the only form entry of its tab", path: [SEALED_FORM_FIELD] });
      else if (sealed.length > SEALED_FORM_DATA_LENGTH) context.addIssue({ code: "custom", message: `Sealed form data has at most ${SEALED_FORM_DATA_LENGTH} characters`, path: [SEALED_FORM_FIELD] });
      else if (!sealedTextPattern.test(sealed)) context.addIssue({ code: "custom", message: "Sealed form data is not a sealed value", path: [SEALED_FORM_FIELD] });
      return;
    }
    if (Object.keys(fields).length > SESSION_LIMITS.formFieldsPerTab) context.addIssue({ code: "custom", message: `At most ${SESSION_LIMITS.formFieldsPerTab} form fields per tab` });
    for (const [name, value] of Object.entries(fields)) {
      if (value.length > SESSION_LIMITS.formValueLength) context.addIssue({ code: "custom", message: `A form value has at most ${SESSION_LIMITS.formValueLength} characters`, path: [name] });
    }
  })
  .default({});

export const scrollPositionSchema = z
  .strictObject({ x: columnInteger({ min: 0, max: 10_000_000 }), y: columnInteger({ min: 0, max: 10_000_000 }) })
  .default({ x: 0, y: 0 });
