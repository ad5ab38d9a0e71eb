import { Loader2, Lock } from "lucide-react";
import { Button } from "@/components/ui/button";

/** The submit button of both card forms: "Pay $14", or 'Processing Payment...' while busy. */
export function PayButton({ amountLabel, busy, disabled = false }: { amountLabel: string; busy: boolean; disabled?: boolean }) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={busy || disabled}>
      {busy ? (
        <>
          <Loader2 className="animate-spin" aria-hidden="true" />
          Processing Payment...
        </>
      ) : (
        <>
          <Lock aria-hidden="true" />
          Pay {amountLabel}
        </>
      )}
    </Button>
  );
}
