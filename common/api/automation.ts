import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { errorResponseSchema } from "./errors";
import { plainTagSchema } from "./library-organise";
import { oneLineText, text } from "./text";

/**
 * Workflow automation (decision 180): rules a person makes in the web app and the connected
 * extension runs. Premium (`catalogueFeatures.workflowAutomation`).
 *
 * - `window_close`: a window with at least `minTabs` tabs closes → that window goes up as a backup named
 *   `backupName`, tagged `tag`.
 * - `daily`: every day at `time` (HH:MM in the browser's local time) → every window goes up as such a backup.
 * - `startup`: when the browser starts → the extension offers to restore the last session.
 */
export const AUTOMATION_LIMITS = {
  /** Rules one account may keep: more is a list nobody reads, and every extension reads them all each minute. */
  rulesPerAccount: 20,
  backupNameLength: 120,
  /** The smallest window a close rule watches: a window of one tab is a tab closing. */
  minTabsLeast: 2,
  minTabsMost: 500,
  /** The extension reads the rules again this often (and at connect, and when its popup opens). */
  refreshMinutes: 1,
} as const;

export const automationRuleKinds = ["window_close", "daily", "startup"] as const;
export type AutomationRuleKind = (typeof automationRuleKinds)[number];

export const automationKindNames: Record<AutomationRuleKind, string> = {
  window_close: "When a window closes",
  daily: "Every day",
  startup: "At browser start",
};

/** A backup's name as a rule gives it: one line, trimmed, not empty. */
export const ruleBackupNameSchema = oneLineText()
  .trim()
  .min(1, "Give the backup a name")
  .max(AUTOMATION_LIMITS.backupNameLength, `A backup name has at most ${AUTOMATION_LIMITS.backupNameLength} characters`);

/** A rule's tag: a library tag (letters, digits, spaces, - and _), or none. */
export const ruleTagSchema = plainTagSchema.nullable().default(null);

/** "HH:MM", 24-hour, as `<input type="time">` gives it. */
export const timeOfDaySchema = text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "A time is HH:MM, from 00:00 to 23:59");

const minTabsMessage = `A window rule watches windows of ${AUTOMATION_LIMITS.minTabsLeast} to ${AUTOMATION_LIMITS.minTabsMost} tabs`;
/** How many tabs a closing window must hold, a whole number in the limits. */
export const ruleMinTabsSchema = z
  .number({ message: minTabsMessage })
  .int(minTabsMessage)
  .min(AUTOMATION_LIMITS.minTabsLeast, minTabsMessage)
  .max(AUTOMATION_LIMITS.minTabsMost, minTabsMessage);

export const createAutomationRuleSchema = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("window_close"),
    minTabs: ruleMinTabsSchema,
    backupName: ruleBackupNameSchema,
    tag: ruleTagSchema,
    enabled: z.boolean().default(true),
  }),
  z.strictObject({
    kind: z.literal("daily"),
    time: timeOfDaySchema,
    backupName: ruleBackupNameSchema,
    tag: ruleTagSchema,
    enabled: z.boolean().default(true),
  }),
  z.strictObject({ kind: z.literal("startup"), enabled: z.boolean().default(true) }),
]);
export type CreateAutomationRule = z.input<typeof createAutomationRuleSchema>;

/** A change to a rule: switch it on or off, or change its own parameters (a rule keeps its kind). */
export const updateAutomationRuleSchema = z
  .strictObject({
    enabled: z.boolean().optional(),
    minTabs: ruleMinTabsSchema.optional(),
    time: timeOfDaySchema.optional(),
    backupName: ruleBackupNameSchema.optional(),
    tag: plainTagSchema.nullable().optional(),
  })
  .refine((change) => Object.keys(change).length > 0, "Say what to change: enabled, minTabs, time, backupName or tag");

export const automationRuleSchema = z.object({
  id: z.string(),
  kind: z.enum(automationRuleKinds),
  enabled: z.boolean(),
  /** window_close only. */
  minTabs: z.number().int().nullable(),
  /** daily only, HH:MM local to each browser. */
  time: z.string().nullable(),
  /** window_close and daily. */
  backupName: z.string().nullable(),
  tag: z.string().nullable(),
  createdAt: z.string(),
  /** The extension counts a daily rule's due times from here, so a rule made at 10:00 for 09:00 first runs tomorrow. */
  updatedAt: z.string(),
});
export type AutomationRule = z.infer<typeof automationRuleSchema>;

export const automationRuleListSchema = z.object({
  rules: z.array(automationRuleSchema),
  /** Whether the account's plan runs them (Premium): below it they are kept, listed and deletable, and nothing runs. */
  included: z.boolean(),
  /** Why not, when not included: the plan's message. */
  message: z.string().nullable(),
});

const ruleIdParams = z.object({ id: z.uuid({ message: "Not a rule id" }) });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** GET (sign-in session or the extension's token): the account's rules, oldest first. */
export const listAutomationRules = defineEndpoint({
  method: "GET",
  path: "/api/automation/rules",
  responses: { 200: automationRuleListSchema, ...errors, 429: errorResponseSchema },
});

/** POST (sign-in session, Premium): a new rule; at most `rulesPerAccount`, one start-up rule. */
export const createAutomationRule = defineEndpoint({
  method: "POST",
  path: "/api/automation/rules",
  body: createAutomationRuleSchema,
  responses: { 201: automationRuleSchema, ...errors, 409: errorResponseSchema, 429: errorResponseSchema },
});

/** PATCH (sign-in session, Premium): on or off, or its parameters. */
export const updateAutomationRule = defineEndpoint({
  method: "PATCH",
  path: "/api/automation/rules/:id",
  params: ruleIdParams,
  body: updateAutomationRuleSchema,
  responses: { 200: automationRuleSchema, ...errors, 404: errorResponseSchema, 429: errorResponseSchema },
});

/** DELETE (sign-in session, any plan: what was made on Premium can always be removed). */
export const deleteAutomationRule = defineEndpoint({
  method: "DELETE",
  path: "/api/automation/rules/:id",
  params: ruleIdParams,
  responses: { 204: z.null(), ...errors, 404: errorResponseSchema, 429: errorResponseSchema },
});
