import { z } from "zod";
import { columnInteger } from "./integers";
import { BACKUP_LIMITS } from "./payload-limits";
import { text } from "./text";
import { SEALED_FORM_DATA_LENGTH, SEALED_FORM_FIELD, SEALED_LOCATION_LENGTH, sealedTextPattern } from "../end-to-end-encryption";

/**
 * The fields every kind of backup holds for a tab (the web app's, the apps' and the extension's), with
 * one set of rules and messages, so a tab the web app may store is one the extension may store too.
 */

export const faviconUrlSchema = text()
  .max(BACKUP_LIMITS.urlLength, `A favicon URL has at most ${BACKUP_LIMITS.urlLength} characters`)
  .refine((value) => /^(https?:\/\/|data:image\/)/.test(value), "A favicon must be an http(s) or data:image URL");

export const tabTitleSchema = text().max(BACKUP_LIMITS.titleLength, `A title has at most ${BACKUP_LIMITS.titleLength} characters`).default("");

/**
 * What was typed into a page's fields, by field key (common/form-capture.ts decides what is kept), or, with
 * end-to-end encryption, the one entry SEALED_FORM_FIELD holding them all sealed (decision 177).
 */
export const formDataSchema = z
  .record(text().min(1).max(BACKUP_LIMITS.formFieldNameLength), text())
  .superRefine((fields, context) => {
    const sealed = fields[SEALED_FORM_FIELD];
    if (sealed !== undefined) {
      if (Object.keys(fields).length > 1) context.addIssue({ code: "custom", message: "Sealed form data must be the only form entry of its tab", path: [SEALED_FORM_FIELD] });
      else if (sealed.length > SEALED_FORM_DATA_LENGTH) context.addIssue({ code: "custom", message: `Sealed form data has at most ${SEALED_FORM_DATA_LENGTH} characters`, path: [SEALED_FORM_FIELD] });
      else if (!sealedTextPattern.test(sealed)) context.addIssue({ code: "custom", message: "Sealed form data is not a sealed value", path: [SEALED_FORM_FIELD] });
      return;
    }
    if (Object.keys(fields).length > BACKUP_LIMITS.formFieldsPerTab) context.addIssue({ code: "custom", message: `At most ${BACKUP_LIMITS.formFieldsPerTab} form fields per tab` });
    for (const [name, value] of Object.entries(fields)) {
      if (value.length > BACKUP_LIMITS.formValueLength) context.addIssue({ code: "custom", message: `A form value has at most ${BACKUP_LIMITS.formValueLength} characters`, path: [name] });
    }
  })
  .default({});

export const scrollPositionSchema = z
  .strictObject({ x: columnInteger({ min: 0, max: 10_000_000 }), y: columnInteger({ min: 0, max: 10_000_000 }) })
  .default({ x: 0, y: 0 });

/**
 * A tab's address: a web URL, or "" when the tab carries a `sealedLocation` instead (decision 199). Objects with
 * this field check the pair with {@link checkTabLocation}.
 */
export const tabUrlSchema = text().max(BACKUP_LIMITS.urlLength, `A URL has at most ${BACKUP_LIMITS.urlLength} characters`);

/** The tab's URL, title and favicon sealed in the browser (decision 199). */
export const sealedLocationSchema = text()
  .max(SEALED_LOCATION_LENGTH, `A sealed location has at most ${SEALED_LOCATION_LENGTH} characters`)
  .regex(sealedTextPattern, "sealedLocation is not a sealed value");

interface TabLocationFields {
  url: string;
  title: string;
  faviconUrl?: string | null | undefined;
  sealedLocation?: string | null | undefined;
}

/** A tab is either a web page (an http(s) URL) or sealed (empty URL and title, no favicon): never both, never neither. */
export function checkTabLocation(tab: TabLocationFields, context: z.RefinementCtx): void {
  if (tab.sealedLocation) {
    if (tab.url !== "" || tab.title !== "" || tab.faviconUrl)
      context.addIssue({ code: "custom", message: "A tab with a sealedLocation has an empty url and title and no favicon", path: ["sealedLocation"] });
    return;
  }
  if (tab.url === "") context.addIssue({ code: "custom", message: "A tab needs a url", path: ["url"] });
  else if (!/^https?:\/\//i.test(tab.url) || !URL.canParse(tab.url)) context.addIssue({ code: "custom", message: "Only http and https URLs can be backed up", path: ["url"] });
}

/**
 * The pieces every tab shape is built from (decision 205): the spec's tab snapshot (`backups.ts`) and the
 * extension's browser tab (`browser-backups.ts`) extend these with their own fields, so a field has one rule.
 */
export const tabLocationFields = z.strictObject({
  url: tabUrlSchema,
  title: tabTitleSchema,
  faviconUrl: faviconUrlSchema.nullish(),
  /** The URL, title and favicon sealed in the browser, when the account chose so (decision 199). */
  sealedLocation: sealedLocationSchema.nullish(),
});

/** What a tab held besides its address: what was typed into it and how far it was scrolled. */
export const tabStateFields = z.strictObject({ formData: formDataSchema, scrollPosition: scrollPositionSchema });

/** A captured tab's shared fields: its location and its state. */
export const capturedTabFields = tabLocationFields.extend(tabStateFields.shape);

export const windowStates = ["normal", "minimized", "maximized", "fullscreen"] as const;

/** Window bounds: screens are at most a few tens of thousands of pixels; negative on a left-hand monitor. */
const pixels = columnInteger({ min: -100_000, max: 100_000 });

/** Where a window was and how it was shown: the piece the extension's windows and open-tabs windows extend. */
export const windowPlacementFields = z.strictObject({
  state: z.enum(windowStates).default("normal"),
  focused: z.boolean().default(false),
  left: pixels.nullish(),
  top: pixels.nullish(),
  width: columnInteger({ min: 0, max: 100_000 }).nullish(),
  height: columnInteger({ min: 0, max: 100_000 }).nullish(),
});
