import { toastFailure } from "@/lib/failure-toast";
import type { AuthUser } from "@common/api/accounts";
import { cancelSubscription, getSubscription, type Subscription } from "@common/api/payments";
import { planLimitsText, plans } from "@common/plan-catalogue";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarClock } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/lib/use-toast";
import { AUTH_USER_QUERY_KEY } from "@/features/accounts/useAuth";
import { call, endpointQuery } from "@/lib/api-client";
import { isUnauthorizedError } from "@/lib/queryClient";
import { isLiveSubscription, SUBSCRIPTION_KEY } from "./payment-flow";
import { formatDate } from "@/lib/dates";


/**
 * The dashboard's lines about what the account pays for: until when a one-time month (or anything else
 * that ends) lasts, when a subscription renews or ends, and a way to cancel it.
 */
export function SubscriptionStatus({ user }: { user: Pick<AuthUser, "planType" | "planExpiresAt"> }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const { data } = useQuery(endpointQuery(getSubscription));
  const cancel = useMutation({
    mutationFn: () => call(cancelSubscription),
    onSuccess: (result) => {
      queryClient.setQueryData(SUBSCRIPTION_KEY, result);
      // The plan's end date moved to the period's end.
      void queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY });
      setConfirming(false);
      toast({ title: "Subscription cancelled", description: "Your plan stays active until the end of the period you paid for." });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toastFailure(error, "The subscription could not be cancelled. Please try again.");
    },
  });

  const subscription = isLiveSubscription(data?.subscription) && data.subscription.currentPeriodEnd ? data.subscription : null;
  const subscriptionGivesPlan = subscription?.planType === user.planType;
  // The account's plan ends on a date the subscription line does not already say.
  const planEnds = user.planType !== "free" && user.planExpiresAt && !(subscriptionGivesPlan && subscription?.cancelAtPeriodEnd) ? user.planExpiresAt : null;
  if (!subscription && !planEnds) return null;
  const planName = plans[user.planType].name;

  return (
    <div className="mt-1 space-y-1 text-sm text-slate-600">
      {planEnds ? (
        <p className="flex items-center gap-x-3">
          <CalendarClock className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
          <span>
            {planName} until <strong className="font-medium text-slate-800">{formatDate(planEnds)}</strong>
          </span>
        </p>
      ) : null}
      {subscription ? (
        <SubscriptionLine
          subscription={subscription}
          label={subscriptionGivesPlan ? plans[subscription.planType].name : `${plans[subscription.planType].name} subscription`}
          onCancel={() => setConfirming(true)}
        />
      ) : null}
      {subscription ? (
        <Dialog open={confirming} onOpenChange={setConfirming}>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Cancel your {plans[subscription.planType].name} subscription?</DialogTitle>
              <DialogDescription>
                You keep {plans[subscription.planType].name} until {formatDate(subscription.currentPeriodEnd ?? "")};{" "}
                {subscriptionGivesPlan
                  ? `after that your account returns to the Free plan (${planLimitsText(plans.free)}).`
                  : `your ${planName} plan is not affected.`}
              </DialogDescription>
            </DialogHeader>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Button variant="destructive" className="flex-1" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
                Cancel subscription
              </Button>
              <Button variant="secondary" className="flex-1" onClick={() => setConfirming(false)}>
                Keep {plans[subscription.planType].name}
              </Button>
            </div>
          </DialogContent>
        </Dialog>
      ) : null}
    </div>
  );
}

function SubscriptionLine({ subscription, label, onCancel }: { subscription: Subscription; label: string; onCancel: () => void }) {
  const end = formatDate(subscription.currentPeriodEnd ?? "");
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <CalendarClock className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
      {subscription.cancelAtPeriodEnd ? (
        <span>
          {label} ends on <strong className="font-medium text-slate-800">{end}</strong>
        </span>
      ) : (
        <>
          <span>
            {label} renews on <strong className="font-medium text-slate-800">{end}</strong>
          </span>
          <Button variant="link" size="sm" className="h-auto px-0 text-red-600" onClick={onCancel}>
            Cancel subscription
          </Button>
        </>
      )}
    </p>
  );
}
