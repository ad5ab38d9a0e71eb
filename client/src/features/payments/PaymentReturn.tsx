import { paidPlanFromQuery, plans } from "@common/plan-catalogue";
import { useEffect, useState } from "react";
import { toast } from "@/lib/use-toast";
import { openInstallDialog } from "@/features/install/install-state";

/**
 * Back on `/` after paying: `?payment=success&plan=…` toasts the plan and clears the query;
 * with `install=true` the app-install dialog (the same one as everywhere else) opens as well.
 */
export function PaymentReturn() {
  // Read once, as the page opens: the query is cleared right after.
  const [arrival] = useState(() => {
    const params = new URLSearchParams(window.location.search);
    if (params.get("payment") !== "success") return null;
    return { planName: plans[paidPlanFromQuery(params.get("plan"))].name, install: params.get("install") === "true" };
  });

  useEffect(() => {
    if (!arrival) return;
    toast({ title: `Welcome to ${arrival.planName}!`, description: `Your payment went through and your ${arrival.planName} plan is active.` });
    if (arrival.install) openInstallDialog({ reason: "payment", planName: arrival.planName });
    window.history.replaceState(null, "", `${window.location.pathname}${window.location.hash}`);
  }, [arrival]);

  return null;
}
