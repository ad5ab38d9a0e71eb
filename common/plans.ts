import { z } from "zod";
import { DEFAULT_PAID_PLAN, type PaidPlanType, paidPlanTypes, planTypes } from "./plan-catalogue";

/** The plan catalogue: the one place prices, limits and feature gates are named (spec 1 §6 §9, spec 2 §5 §6). */
export * from "./plan-catalogue";

export const planTypeSchema = z.enum(planTypes);
export const paidPlanTypeSchema = z.enum(paidPlanTypes);

/** Reads a plan from a query value: basic, pro or premium, anything else is the default (spec 1 §5). */
export function paidPlanFromQuery(value: string | null | undefined): PaidPlanType {
  const parsed = paidPlanTypeSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_PAID_PLAN;
}
