import { z } from "zod";
import { planTypes } from "./plan-catalogue";

/** The plan catalogue: the one place prices, limits and feature gates are named (spec 1 §6 §9, spec 2 §5 §6). */
export * from "./plan-catalogue";

export const planTypeSchema = z.enum(planTypes);

