import { useMutation } from "@tanstack/react-query";
import { confirmSandboxPayment } from "@common/api/payments";
import { FlaskConical } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { call } from "@/lib/api-client";
import { type CardResult, paidOrThrow, sandboxFailureResult, toastCardFailure } from "./card-result";
import { PayButton } from "./PayButton";

/** "12/30" → month 12, year 2030; null when it cannot be read. */
export function parseExpiry(value: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const year = Number(match[2]);
  return { expMonth: Number(match[1]), expYear: year < 100 ? 2000 + year : year };
}

/** Groups card digits in fours as they are typed. */
export function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, "")
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** The sandbox's answer as a card result: a refusal it explained is 'Payment Failed', anything else thrown 'Payment Error'. */
async function confirmCard(clientSecret: string, card: { number: string; cvc: string; expMonth: number; expYear: number }): Promise<CardResult> {
  try {
    const result = await call(confirmSandboxPayment, { body: { clientSecret, card } });
    return result.status === "succeeded" ? { status: "succeeded" } : { status: "failed", message: result.message };
  } catch (error) {
    return sandboxFailureResult(error);
  }
}

/**
 * TabVault's own card form for the sandbox provider (no Stripe key): nothing is charged, and
 * Stripe's test cards behave as they do at Stripe. Labelled so nobody mistakes it for a real charge.
 */
export function SandboxCardForm({
  clientSecret,
  amountLabel,
  onPaid,
}: {
  clientSecret: string;
  amountLabel: string;
  /** After the payment succeeded; a failure is toasted here. */
  onPaid: () => void;
}) {
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = useMutation({
    mutationFn: async (card: { number: string; cvc: string; expMonth: number; expYear: number }) => {
      paidOrThrow(await confirmCard(clientSecret, card));
    },
    onSuccess: onPaid,
    onError: toastCardFailure,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsedExpiry = parseExpiry(expiry);
    if (!parsedExpiry) {
      setProblem("Enter the expiry as MM/YY.");
      return;
    }
    setProblem(null);
    confirm.mutate({ number, cvc, ...parsedExpiry });
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <p className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
        <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          <strong className="font-semibold">Sandbox — no real charge.</strong> Use Stripe's test card 4242 4242 4242
          4242 with any future expiry and any CVC; 4000 0000 0000 0002 is declined.
        </span>
      </p>
      <div className="space-y-2">
        <Label htmlFor="card-number">Card number</Label>
        <Input
          id="card-number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={number}
          onChange={(event) => setNumber(formatCardNumber(event.target.value))}
          required
        />
      </div>
      <div className="grid grid-cols-2 gap-4">
        <div className="space-y-2">
          <Label htmlFor="card-expiry">Expiry</Label>
          <Input
            id="card-expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={expiry}
            onChange={(event) => setExpiry(event.target.value)}
            required
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor="card-cvc">CVC</Label>
          <Input
            id="card-cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={cvc}
            onChange={(event) => setCvc(event.target.value.replace(/\D/g, ""))}
            required
          />
        </div>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <PayButton amountLabel={amountLabel} busy={confirm.isPending} />
    </form>
  );
}
