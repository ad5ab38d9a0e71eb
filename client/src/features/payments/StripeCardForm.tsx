import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe, type StripeElements } from "@stripe/stripe-js";
import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { type CardResult, paidOrThrow, stripeConfirmationResult, toastCardFailure } from "./card-result";
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
  onPaid,
}: {
  publishableKey: string;
  clientSecret: string;
  amountLabel: string;
  returnUrl: string;
  /** After the payment succeeded; a failure is toasted here. */
  onPaid: () => void;
}) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret, appearance: { theme: "stripe" } }}>
      <ElementsForm amountLabel={amountLabel} returnUrl={returnUrl} onPaid={onPaid} />
    </Elements>
  );
}

/** Stripe.js's confirmation as a card result; Stripe.js itself failing (its script, the network) is 'Payment Error'. */
async function confirmWithStripe(stripe: Stripe, elements: StripeElements, returnUrl: string): Promise<CardResult> {
  try {
    return stripeConfirmationResult(await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl }, redirect: "if_required" }));
  } catch {
    return { status: "error" };
  }
}

function ElementsForm({ amountLabel, returnUrl, onPaid }: { amountLabel: string; returnUrl: string; onPaid: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const confirm = useMutation({
    mutationFn: async ({ stripe: loaded, elements: fields }: { stripe: Stripe; elements: NonNullable<typeof elements> }) => {
      paidOrThrow(await confirmWithStripe(loaded, fields, returnUrl));
    },
    onSuccess: onPaid,
    onError: toastCardFailure,
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
