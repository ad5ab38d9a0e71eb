import { afterEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/lib/use-toast";
import { CardPaymentError, PAYMENT_ERROR_MESSAGE, PAYMENT_FAILED_FALLBACK, paidOrThrow, sandboxFailureResult, stripeConfirmationResult, toastCardFailure } from "./card-result";

vi.mock("@/lib/use-toast", () => ({ toast: vi.fn() }));

afterEach(() => vi.mocked(toast).mockClear());

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

  it("a card form's mutation resolves only for a payment that succeeded, and toasts the others as decision 020 names them", () => {
    expect(() => paidOrThrow({ status: "succeeded" })).not.toThrow();
    for (const [result, title, description] of [
      [{ status: "failed", message: "Your card was declined." }, "Payment Failed", "Your card was declined."],
      [{ status: "error" }, "Payment Error", PAYMENT_ERROR_MESSAGE],
    ] as const) {
      vi.mocked(toast).mockClear();
      let thrown: unknown;
      try {
        paidOrThrow(result);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(CardPaymentError);
      toastCardFailure(thrown);
      expect(toast).toHaveBeenCalledExactlyOnceWith({ title, description, variant: "destructive" });
    }
    vi.mocked(toast).mockClear();
    toastCardFailure(new TypeError("Failed to fetch"));
    expect(toast).toHaveBeenCalledExactlyOnceWith({ title: "Payment Error", description: PAYMENT_ERROR_MESSAGE, variant: "destructive" });
  });
});
