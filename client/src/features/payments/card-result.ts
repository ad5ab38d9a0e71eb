import { fallbackOnly, toastFailure } from "@/lib/failure-toast";
import { errorMessage, errorStatus } from "@/lib/queryClient";

/**
 * How a card payment ended, for the toasts of spec 1 §8: succeeded; failed (declined, or details the
 * person can fix, with the provider's message); or an unexpected error (network, server, anything
 * else), which is never blamed on the card.
 */
export type CardResult = { status: "succeeded" } | { status: "failed"; message: string } | { status: "error" };

export const PAYMENT_FAILED_FALLBACK = "Please check your payment details and try again.";
export const PAYMENT_ERROR_MESSAGE = "An unexpected error occurred while processing your payment.";

/**
 * The sandbox's confirmation threw: a refusal the server explained (a 4xx with a message: invalid
 * card, unknown payment, too many attempts) failed; a network failure or a 5xx is unexpected.
 */
export function sandboxFailureResult(error: unknown): CardResult {
  const status = errorStatus(error);
  if (status !== null && status >= 400 && status < 500) return { status: "failed", message: errorMessage(error, PAYMENT_FAILED_FALLBACK) };
  return { status: "error" };
}

/** The parts of Stripe.js's confirmPayment result that decide the outcome. */
export interface StripeConfirmation {
  error?: { type: string; message?: string };
  paymentIntent?: { status: string };
}

/**
 * Stripe.js's confirmPayment result, read as Stripe advises: card and validation errors are the
 * person's to fix and carry a message for them; any other error type is unexpected. A payment that
 * succeeded or is processing is done (the webhook settles it); one that still needs a payment method
 * was refused; any other status is unexpected.
 */
export function stripeConfirmationResult({ error, paymentIntent }: StripeConfirmation): CardResult {
  if (error) {
    if (error.type === "card_error" || error.type === "validation_error") return { status: "failed", message: error.message || PAYMENT_FAILED_FALLBACK };
    return { status: "error" };
  }
  if (paymentIntent?.status === "succeeded" || paymentIntent?.status === "processing") return { status: "succeeded" };
  if (paymentIntent?.status === "requires_payment_method") return { status: "failed", message: PAYMENT_FAILED_FALLBACK };
  return { status: "error" };
}

type UnpaidCardResult = Exclude<CardResult, { status: "succeeded" }>;

/** A card payment that did not go through, thrown so that the form's mutation fails into the one failure toast. */
export class CardPaymentError extends Error {
  readonly result: UnpaidCardResult;

  constructor(result: UnpaidCardResult) {
    super(result.status === "failed" ? result.message : PAYMENT_ERROR_MESSAGE);
    this.name = "CardPaymentError";
    this.result = result;
  }
}

/** Ends a card form's confirmation: a payment that succeeded resolves, any other is thrown as a {@link CardPaymentError}. */
export function paidOrThrow(result: CardResult): void {
  if (result.status !== "succeeded") throw new CardPaymentError(result);
}

/**
 * Both card forms' `onError` (decision 020): 'Payment Failed' with the refusal's own message, else 'Payment Error' with
 * the catalogue's text, through the one failure toast. An error that is no card result is 'Payment Error'.
 */
export function toastCardFailure(error: unknown): void {
  const result: UnpaidCardResult = error instanceof CardPaymentError ? error.result : { status: "error" };
  if (result.status === "failed") toastFailure(error, result.message, "Payment Failed", fallbackOnly);
  else toastFailure(error, PAYMENT_ERROR_MESSAGE, "Payment Error", fallbackOnly);
}
