import { and, asc, count, eq } from "drizzle-orm";
import type { z } from "zod";
import { AUTOMATION_LIMITS, type AutomationRule, type createAutomationRuleSchema, type updateAutomationRuleSchema } from "@common/api/automation";
import { users } from "../accounts/table";
import type { Database } from "../db/database";
import { automationRules } from "./table";

type NewRule = z.output<typeof createAutomationRuleSchema>;
type RuleChange = z.output<typeof updateAutomationRuleSchema>;
type RuleRow = typeof automationRules.$inferSelect;

/** A request the rules refuse, with the words to answer and its status (400 or 409): the error handler answers it (decision 205). */
export class RuleRefusedError extends Error {
  override name = "RuleRefusedError";
  constructor(
    message: string,
    readonly statusCode: 400 | 409,
  ) {
    super(message);
  }
}

function asRule(row: RuleRow): AutomationRule {
  return {
    id: row.id,
    kind: row.kind,
    enabled: row.enabled,
    minTabs: row.minTabs,
    time: row.timeOfDay,
    backupName: row.backupName,
    tag: row.tag,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The account's rules, oldest first. */
export async function listRules(db: Database, userId: string): Promise<AutomationRule[]> {
  const rows = await db.select().from(automationRules).where(eq(automationRules.userId, userId)).orderBy(asc(automationRules.createdAt), asc(automationRules.id));
  return rows.map(asRule);
}

/** One of the account's rules, or undefined (another account's rule is not found either). */
export async function findRule(db: Database, userId: string, id: string): Promise<AutomationRule | undefined> {
  const [row] = await db
    .select()
    .from(automationRules)
    .where(and(eq(automationRules.userId, userId), eq(automationRules.id, id)));
  return row ? asRule(row) : undefined;
}

/**
 * A new rule, in a transaction that locks the account's row: two creates at once cannot both pass the cap,
 * and a second start-up rule meets the unique index (409) rather than making two offers at every start.
 */
export async function createRule(db: Database, userId: string, input: NewRule, now: Date): Promise<AutomationRule> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [held] = await tx.select({ n: count() }).from(automationRules).where(eq(automationRules.userId, userId));
    if ((held?.n ?? 0) >= AUTOMATION_LIMITS.rulesPerAccount) {
      throw new RuleRefusedError(`You have ${AUTOMATION_LIMITS.rulesPerAccount} rules, the most an account keeps: delete one to add another.`, 409);
    }
    const parameters =
      input.kind === "window_close"
        ? { minTabs: input.minTabs, timeOfDay: null, backupName: input.backupName, tag: input.tag }
        : input.kind === "daily"
          ? { minTabs: null, timeOfDay: input.time, backupName: input.backupName, tag: input.tag }
          : { minTabs: null, timeOfDay: null, backupName: null, tag: null };
    const [row] = await tx
      .insert(automationRules)
      .values({ userId, kind: input.kind, enabled: input.enabled, ...parameters, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new RuleRefusedError("You have a start-up rule already: one offer at each start is enough.", 409);
    return asRule(row);
  });
}

/** What a change may touch for each kind: a rule keeps its kind, so a start-up rule has no name to change. */
const fieldsOf: Record<AutomationRule["kind"], readonly (keyof RuleChange)[]> = {
  window_close: ["enabled", "minTabs", "backupName", "tag"],
  daily: ["enabled", "time", "backupName", "tag"],
  startup: ["enabled"],
};

/** Changes one of the account's rules; undefined when the account has no such rule. */
export async function updateRule(db: Database, userId: string, id: string, change: RuleChange, now: Date): Promise<AutomationRule | undefined> {
  const rule = await findRule(db, userId, id);
  if (!rule) return undefined;
  const allowed = fieldsOf[rule.kind];
  const foreign = (Object.keys(change) as (keyof RuleChange)[]).filter((key) => change[key] !== undefined && !allowed.includes(key));
  if (foreign.length > 0) {
    throw new RuleRefusedError(`A rule of the kind "${rule.kind}" has no ${foreign.join(" or ")}: it takes ${allowed.join(", ")}.`, 400);
  }
  const [row] = await db
    .update(automationRules)
    .set({
      ...(change.enabled === undefined ? {} : { enabled: change.enabled }),
      ...(change.minTabs === undefined ? {} : { minTabs: change.minTabs }),
      ...(change.time === undefined ? {} : { timeOfDay: change.time }),
      ...(change.backupName === undefined ? {} : { backupName: change.backupName }),
      ...(change.tag === undefined ? {} : { tag: change.tag }),
      updatedAt: now,
    })
    .where(and(eq(automationRules.userId, userId), eq(automationRules.id, id)))
    .returning();
  return row ? asRule(row) : undefined;
}

/** Deletes one of the account's rules; false when the account has no such rule. */
export async function deleteRule(db: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(automationRules)
    .where(and(eq(automationRules.userId, userId), eq(automationRules.id, id)))
    .returning({ id: automationRules.id });
  return deleted.length > 0;
}

/** What a backup made by a rule is called and tagged, when the account still has that rule and it names backups. */
export async function backupNamingOf(db: Database, userId: string, ruleId: string): Promise<{ sessionName: string; tags: string[] } | undefined> {
  const rule = await findRule(db, userId, ruleId);
  if (!rule?.backupName) return undefined;
  return { sessionName: rule.backupName, tags: rule.tag ? [rule.tag] : [] };
}
