import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/queryClient";
import { paymentSetupFailure, subscriptionSetupFailure } from "./setup-failures";

const answer = (status: number, body: unknown) => new ApiError(status, JSON.stringify(body), "");

describe("setup failures (spec 1 §8)", () => {
  it("a subscription that cannot be set up says so in the catalogue's words, whatever the server's reason", () => {
    for (const error of [
      answer(502, { message: "Failed to change your plan. Please try again." }),
      answer(409, { message: "You already have an active Basic subscription" }),
      answer(400, { message: "priceId price_x is not the Basic plan's price" }),
      new ApiError(500, "", "Internal Server Error"),
      new TypeError("Failed to fetch"),
    ]) {
      expect(subscriptionSetupFailure(error)).toEqual({ title: "Setup Error", description: "Failed to initialize subscription. Please try again." });
    }
  });

  it("'Stripe not configured' says the payment system is unavailable, on every payment screen", () => {
    const unavailable = {
      title: "Payment System Unavailable",
      description: "Stripe integration is being configured. Please try again shortly or contact support.",
    };
    expect(subscriptionSetupFailure(answer(503, { message: "Stripe not configured" }))).toEqual(unavailable);
    expect(paymentSetupFailure(answer(503, { message: "Stripe not configured" }))).toEqual(unavailable);
  });

  it("a one-time payment keeps the server's reason, and its fallback for 'Payment setup failed'", () => {
    expect(paymentSetupFailure(answer(400, { message: "body.email: Enter the email address the plan is for" }))).toEqual({
      title: "Setup Error",
      description: "body.email: Enter the email address the plan is for",
    });
    expect(paymentSetupFailure(answer(502, { message: "Payment setup failed" })).description).toBe("Failed to prepare payment. Please try again.");
  });
});
