import { describe, expect, it } from "vitest";
import { PAYMENT_FAILED_FALLBACK, sandboxFailureResult, stripeConfirmationResult } from "./card-result";

describe("card payment results (spec 1 §8: 'Payment Failed' or 'Payment Error')", () => {
  it.each([
    [new Error('400: {"message":"Your card number is invalid."}'), { status: "failed", message: "Your card number is invalid." }],
    [new Error('429: {"message":"Too many card attempts from your network. Try again in 5 minutes."}'), { status: "failed", message: "Too many card attempts from your network. Try again in 5 minutes." }],
    [new Error("400: "), { status: "failed", message: PAYMENT_FAILED_FALLBACK }],
    [new Error('500: {"message":"Internal server error"}'), { status: "error" }],
    [new Error("503: Service Unavailable"), { status: "error" }],
    [new TypeError("Failed to fetch"), { status: "error" }],
    ["not even an error", { status: "error" }],
  ])("sandbox: %s → %j", (error, result) => {
    expect(sandboxFailureResult(error)).toEqual(result);
  });

  it.each([
    [{ error: { type: "card_error", message: "Your card was declined." } }, { status: "failed", message: "Your card was declined." }],
    [{ error: { type: "validation_error", message: "Your card number is incomplete." } }, { status: "failed", message: "Your card number is incomplete." }],
    [{ error: { type: "card_error" } }, { status: "failed", message: PAYMENT_FAILED_FALLBACK }],
    [{ error: { type: "api_connection_error", message: "Network down" } }, { status: "error" }],
    [{ error: { type: "invalid_request_error", message: "No such payment_intent" } }, { status: "error" }],
    [{ paymentIntent: { status: "succeeded" } }, { status: "succeeded" }],
    [{ paymentIntent: { status: "processing" } }, { status: "succeeded" }],
    [{ paymentIntent: { status: "requires_payment_method" } }, { status: "failed", message: PAYMENT_FAILED_FALLBACK }],
    [{ paymentIntent: { status: "requires_action" } }, { status: "error" }],
    [{ paymentIntent: { status: "canceled" } }, { status: "error" }],
    [{}, { status: "error" }],
  ])("Stripe: %j → %j", (confirmation, result) => {
    expect(stripeConfirmationResult(confirmation)).toEqual(result);
  });
});
