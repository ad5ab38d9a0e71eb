import { plans } from "@common/plans";
import type { UserRow } from "./table";

/** The plan as a person reads it on /verify (spec 1 §3 planStatus), e.g. "Free plan". */
export function planStatusLabel(user: Pick<UserRow, "planType">): string {
  return `${plans[user.planType].name} plan`;
}
