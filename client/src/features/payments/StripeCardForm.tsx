import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { type CardResult, stripeConfirmationResult } from "./card-result";
import { PayButton } from "./PayButton";

const stripeByKey = new Map<string, Promise<Stripe | null>>();

/** Stripe.js is loaded once per key, and only on a payment screen when Stripe is the provider. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

/** Stripe Elements for a PaymentIntent or a subscription's first invoice; card data never touches us. */
export default function StripeCardForm({
  publishableKey,
  clientSecret,
  amountLabel,
  returnUrl,
  onResult,
}: {
  publishableKey: string;
  clientSecret: string;
  amountLabel: string;
  returnUrl: string;
  onResult: (result: CardResult) => void;
}) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret, appearance: { theme: "stripe" } }}>
      <ElementsForm amountLabel={amountLabel} returnUrl={returnUrl} onResult={onResult} />
    </Elements>
  );
}

function ElementsForm({ amountLabel, returnUrl, onResult }: { amountLabel: string; returnUrl: string; onResult: (result: CardResult) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const confirm = useMutation({
    mutationFn: async ({ stripe: loaded, elements: fields }: { stripe: Stripe; elements: NonNullable<typeof elements> }): Promise<CardResult> => {
      try {
        return stripeConfirmationResult(await loaded.confirmPayment({ elements: fields, confirmParams: { return_url: returnUrl }, redirect: "if_required" }));
      } catch {
        // Stripe.js itself failed (its script, the network): never leave the button spinning.
        return { status: "error" };
      }
    },
    onSuccess: onResult,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    confirm.mutate({ stripe, elements });
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <PaymentElement />
      <PayButton amountLabel={amountLabel} busy={confirm.isPending} disabled={!stripe} />
    </form>
  );
}
