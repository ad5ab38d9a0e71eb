import { paidPlanFromQuery, plans } from "@common/plan-catalogue";
import { Download, MonitorSmartphone } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/hooks/use-toast";

/**
 * Back on `/` after paying (spec 1 §2): `?payment=success&plan=…` toasts the plan and clears the query;
 * with `install=true` the app-install dialog opens as well.
 */
export function PaymentReturn() {
  // Read once, as the page opens: the query is cleared right after.
  const [arrival] = useState(() => {
    const params = new URLSearchParams(window.location.search);
    if (params.get("payment") !== "success") return null;
    return { planName: plans[paidPlanFromQuery(params.get("plan"))].name, install: params.get("install") === "true" };
  });
  const [installFor, setInstallFor] = useState<string | null>(arrival?.install ? arrival.planName : null);

  useEffect(() => {
    if (!arrival) return;
    toast({ title: `Welcome to ${arrival.planName}!`, description: `Your payment went through and your ${arrival.planName} plan is active.` });
    window.history.replaceState(null, "", `${window.location.pathname}${window.location.hash}`);
  }, [arrival]);

  return (
    <Dialog open={installFor !== null} onOpenChange={(open) => (open ? undefined : setInstallFor(null))}>
      <DialogContent>
        <DialogHeader>
          <span className="inline-flex size-11 items-center justify-center rounded-xl bg-emerald-100 text-emerald-700">
            <MonitorSmartphone className="size-5" aria-hidden="true" />
          </span>
          <DialogTitle>Install TabVault</DialogTitle>
          <DialogDescription>
            {installFor} is active. Put TabVault where your tabs are: the Android app blocks Clear All, the Windows app
            protects files and applications.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild className="flex-1">
            <Link href="/download" onClick={() => setInstallFor(null)}>
              <Download />
              Download the apps
            </Link>
          </Button>
          <Button variant="secondary" className="flex-1" onClick={() => setInstallFor(null)}>
            Later
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
