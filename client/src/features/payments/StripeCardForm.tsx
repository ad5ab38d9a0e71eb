import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { type FormEvent, useState } from "react";
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
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setSubmitting(true);
    let result: CardResult;
    try {
      result = stripeConfirmationResult(
        await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl }, redirect: "if_required" }),
      );
    } catch {
      // Stripe.js itself failed (its script, the network): never leave the button spinning.
      result = { status: "error" };
    } finally {
      setSubmitting(false);
    }
    onResult(result);
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <PaymentElement />
      <PayButton amountLabel={amountLabel} busy={submitting} disabled={!stripe} />
    </form>
  );
}
