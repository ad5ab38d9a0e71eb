import { z } from "zod";
import { columnInteger } from "./integers";
import { SESSION_LIMITS } from "./payload-limits";
import { text } from "./text";

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

/** What was typed into a page's fields, by field key (common/form-capture.ts decides what is kept). */
export const formDataSchema = z
  .record(
    text().min(1).max(SESSION_LIMITS.formFieldNameLength),
    text().max(SESSION_LIMITS.formValueLength, `A form value has at most ${SESSION_LIMITS.formValueLength} characters`),
  )
  .refine((fields) => Object.keys(fields).length <= SESSION_LIMITS.formFieldsPerTab, {
    message: `At most ${SESSION_LIMITS.formFieldsPerTab} form fields per tab`,
  })
  .default({});

export const scrollPositionSchema = z
  .strictObject({ x: columnInteger({ min: 0, max: 10_000_000 }), y: columnInteger({ min: 0, max: 10_000_000 }) })
  .default({ x: 0, y: 0 });
