import { luhnValid } from "@common/card-number";

/**
 * The sandbox's card rules, after Stripe's test mode: the documented test numbers behave as they do
 * there, anything else is declined as a card that is not a test card. Number (Luhn), expiry and CVC
 * are checked first, as Stripe's card element does.
 */
export type CardOutcome = { status: "succeeded" } | { status: "failed"; message: string };

const testCards: Record<string, CardOutcome> = {
  "4242424242424242": { status: "succeeded" },
  "5555555555554444": { status: "succeeded" },
  "378282246310005": { status: "succeeded" },
  "4000000000000002": { status: "failed", message: "Your card was declined." },
  "4000000000009995": { status: "failed", message: "Your card has insufficient funds." },
  "4000000000000069": { status: "failed", message: "Your card has expired." },
  "4000000000000127": { status: "failed", message: "Your card's security code is incorrect." },
};

/** A problem with what was typed (400), or null when the card can be tried. */
export function cardInputProblem(
  card: { number: string; expMonth: number; expYear: number; cvc: string },
  now: Date,
): string | null {
  const digits = card.number.replace(/[\s-]/g, "");
  if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) return "Your card number is invalid.";
  if (card.expMonth < 1 || card.expMonth > 12) return "Your card's expiration month is invalid.";
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const lastValidMonth = year * 12 + (card.expMonth - 1);
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year > now.getUTCFullYear() + 50) return "Your card's expiration year is invalid.";
  if (lastValidMonth < thisMonth) return "Your card's expiration date is in the past.";
  const cvcLength = digits.startsWith("34") || digits.startsWith("37") ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) return "Your card's security code is incomplete.";
  return null;
}

export function cardOutcome(number: string): CardOutcome {
  const digits = number.replace(/[\s-]/g, "");
  return (
    testCards[digits] ?? {
      status: "failed",
      message: "Your card was declined. The sandbox takes Stripe's test cards only, such as 4242 4242 4242 4242.",
    }
  );
}
