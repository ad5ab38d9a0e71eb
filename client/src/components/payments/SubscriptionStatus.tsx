import type { Subscription } from "@common/api/payments";
import { plans } from "@common/plan-catalogue";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarClock } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/hooks/use-toast";
import { apiRequest, errorMessage, isUnauthorizedError } from "@/lib/queryClient";

const SUBSCRIPTION_KEY = ["/api/subscription"] as const;
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "long" });

/** The dashboard's line about a subscription: when it renews or ends, and a way to cancel it. */
export function SubscriptionStatus() {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const { data } = useQuery({ queryKey: SUBSCRIPTION_KEY, queryFn: async () => (await apiRequest("GET", "/api/subscription")).json() as Promise<{ subscription: Subscription | null }> });
  const cancel = useMutation({
    mutationFn: async () => (await apiRequest("POST", "/api/subscription/cancel")).json() as Promise<{ subscription: Subscription | null }>,
    onSuccess: (result) => {
      queryClient.setQueryData(SUBSCRIPTION_KEY, result);
      setConfirming(false);
      toast({ title: "Subscription cancelled", description: "Your plan stays active until the end of the period you paid for." });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({ title: "Error", description: errorMessage(error, "The subscription could not be cancelled. Please try again."), variant: "destructive" });
    },
  });

  const subscription = data?.subscription;
  if (!subscription || !["active", "trialing", "past_due"].includes(subscription.status) || !subscription.currentPeriodEnd) return null;
  const end = dateFormat.format(new Date(subscription.currentPeriodEnd));
  const planName = plans[subscription.planType].name;

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
      <CalendarClock className="size-4 text-slate-400" aria-hidden="true" />
      {subscription.cancelAtPeriodEnd ? (
        <span>
          {planName} ends on <strong className="font-medium text-slate-800">{end}</strong>
        </span>
      ) : (
        <>
          <span>
            {planName} renews on <strong className="font-medium text-slate-800">{end}</strong>
          </span>
          <Button variant="link" size="sm" className="h-auto px-0 text-red-600" onClick={() => setConfirming(true)}>
            Cancel subscription
          </Button>
        </>
      )}
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Cancel your {planName} subscription?</DialogTitle>
            <DialogDescription>
              You keep {planName} until {end}; after that your account returns to the Free plan (5 tabs a day, 1 backup).
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button variant="destructive" className="flex-1" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
              Cancel subscription
            </Button>
            <Button variant="secondary" className="flex-1" onClick={() => setConfirming(false)}>
              Keep {planName}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
