import { getPaymentsConfig, type PaymentConfig, type PaymentSetupResponse } from "@common/api/payments";
import { formatPrice, type PaidPlanType, plans } from "@common/plan-catalogue";
import { useQuery } from "@tanstack/react-query";
import { AlertCircle, Loader2, RotateCw } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/use-toast";
import { endpointQuery } from "@/lib/api-client";
import { isUnauthorizedError } from "@/lib/queryClient";
import { PAYMENT_REDIRECT_MS, paymentSuccessPath } from "./payment-flow";
import { SandboxCardForm } from "./SandboxCardForm";
import type { SetupFailure } from "./setup-failures";

const StripeCardForm = lazy(() => import("./StripeCardForm"));

type Setup = { state: "loading" } | { state: "ready"; setup: PaymentSetupResponse } | { state: "failed"; message: string };

/**
 * The payment form of /payment, /checkout and /subscribe: a spinner until the server
 * returns a client secret, then the provider's form; success toasts and goes home 1.5 s later.
 */
export function PaymentPanel({
  plan,
  setupKey,
  prepare,
  setupFailure,
}: {
  plan: PaidPlanType;
  /** Identifies what is being paid for; a new key starts a new payment. */
  setupKey: string;
  /** Asks the server for a client secret (a payment intent or a subscription). */
  prepare: () => Promise<PaymentSetupResponse>;
  /** The toast for a failed setup, given the error (spec 1 §8 differs per screen). */
  setupFailure: (error: unknown) => SetupFailure;
}) {
  const config = useQuery(endpointQuery(getPaymentsConfig));
  // Each screen visit creates one payment on the server; it is never refetched behind the person's back.
  const setupQuery = useQuery({ queryKey: ["payment-setup", setupKey], queryFn: prepare, gcTime: 0, staleTime: Infinity });
  const [done, setDone] = useState(false);
  const failure = setupQuery.error ? setupFailure(setupQuery.error) : null;

  useEffect(() => {
    if (setupQuery.error && !isUnauthorizedError(setupQuery.error)) {
      toast({ ...setupFailure(setupQuery.error), variant: "destructive" });
    }
    // The toast belongs to this error only, not to every render that still shows it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [setupQuery.error]);

  function welcome() {
    toast({ title: "Payment Successful!", description: `Welcome to ${plans[plan].name}. Taking you to your dashboard…` });
    window.setTimeout(() => window.location.assign(paymentSuccessPath(plan)), PAYMENT_REDIRECT_MS);
  }

  function onPaid() {
    setDone(true);
    welcome();
  }

  // A plan change paid at once (the saved card, or nothing due now) has no form: it succeeded already.
  const paidAtOnce = setupQuery.data?.status === "succeeded";
  useEffect(() => {
    if (paidAtOnce) welcome();
    // Once per setup: welcome is recreated on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paidAtOnce]);

  const setup: Setup = setupQuery.data
    ? { state: "ready", setup: setupQuery.data }
    : failure
      ? { state: "failed", message: failure.description }
      : { state: "loading" };

  if (setup.state === "loading" || config.isLoading) {
    return (
      <div className="flex flex-col items-center justify-center gap-3 py-16 text-slate-600" role="status">
        <Loader2 className="size-8 animate-spin text-brand-600" aria-hidden="true" />
        Preparing secure payment…
      </div>
    );
  }
  if (setup.state === "failed") {
    return (
      <div className="space-y-4 py-6 text-center">
        <p role="alert" className="flex items-start justify-center gap-2 text-sm text-red-700">
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {setup.message}
        </p>
        <Button variant="secondary" onClick={() => void setupQuery.refetch()}>
          <RotateCw />
          Try again
        </Button>
      </div>
    );
  }
  if (done || setup.setup.status === "succeeded") {
    return (
      <p role="status" className="py-16 text-center text-lg font-semibold text-emerald-700">
        Payment received. Welcome to {plans[plan].name}!
      </p>
    );
  }

  const amountLabel = formatPrice(setup.setup.amountCents);
  const paymentConfig: PaymentConfig | undefined = config.data;
  if (setup.setup.provider === "stripe" && paymentConfig?.publishableKey) {
    return (
      <Suspense fallback={<Loader2 className="mx-auto size-8 animate-spin text-brand-600" aria-label="Loading the card form" />}>
        <StripeCardForm
          publishableKey={paymentConfig.publishableKey}
          clientSecret={setup.setup.clientSecret}
          amountLabel={amountLabel}
          returnUrl={`${window.location.origin}${paymentSuccessPath(plan)}`}
          onPaid={onPaid}
        />
      </Suspense>
    );
  }
  return <SandboxCardForm clientSecret={setup.setup.clientSecret} amountLabel={amountLabel} onPaid={onPaid} />;
}
