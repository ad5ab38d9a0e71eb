import { paymentNotConfiguredMessage } from "@common/api/payments";
import { errorMessage } from "@/lib/queryClient";

/** The toast of a payment screen whose setup failed (spec 1 §8 differs per screen). */
export interface SetupFailure {
  title: string;
  description: string;
}

/** spec 1 §8: the server says "Stripe not configured" while payments are being set up. */
const paymentSystemUnavailable: SetupFailure = {
  title: "Payment System Unavailable",
  description: "Stripe integration is being configured. Please try again shortly or contact support.",
};

/** spec 1 §8 for the one-time payment screens. */
export function paymentSetupFailure(error: unknown): SetupFailure {
  const message = errorMessage(error, "Failed to prepare payment. Please try again.");
  if (message === paymentNotConfiguredMessage) return paymentSystemUnavailable;
  return { title: "Setup Error", description: message === "Payment setup failed" ? "Failed to prepare payment. Please try again." : message };
}

/**
 * spec 1 §8: the subscription screen's setup failures. Besides "Stripe not configured", one text whatever the
 * server's reason; the screen does not ask for a plan the person already has (SubscribePage.tsx).
 */
export function subscriptionSetupFailure(error: unknown): SetupFailure {
  if (errorMessage(error, "") === paymentNotConfiguredMessage) return paymentSystemUnavailable;
  return { title: "Setup Error", description: "Failed to initialize subscription. Please try again." };
}
