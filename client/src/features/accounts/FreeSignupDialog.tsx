import { createFreeAccount } from "@common/api/accounts";
import { planLimitsText, plans } from "@common/plan-catalogue";
import { useMutation } from "@tanstack/react-query";
import { AlertCircle, CheckCircle2, Loader2, Sparkles } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { EmailField } from "./EmailField";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toastFailure } from "@/lib/failure-toast";
import { loginHref } from "./sign-in-links";
import { call } from "@/lib/api-client";
import { errorMessage } from "@/lib/queryClient";

/** spec 1 §9: redirect to sign-in 1.5 s after a successful sign-up. */
const SIGNUP_REDIRECT_MS = 1500;
const failureFallback = "Please try again or contact support.";

type Status = { state: "idle" } | { state: "submitting" } | { state: "success"; message: string } | { state: "failure"; message: string };

/** The Free plan's sign-up: email only; success goes on to the sign-in link. */
export default function FreeSignupDialog({ initialEmail = "", onClose }: { initialEmail?: string; onClose: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const redirectTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);
  const signUp = useMutation({
    mutationFn: (address: string) => call(createFreeAccount, { body: { email: address } }),
    onSuccess: (result) => {
      redirectTimer.current = window.setTimeout(() => window.location.assign(loginHref(result.email)), SIGNUP_REDIRECT_MS);
    },
    onError: (error) => toastFailure(error, failureFallback, "Signup Failed"),
  });
  const status: Status = signUp.isPending
    ? { state: "submitting" }
    : signUp.isSuccess
      ? { state: "success", message: signUp.data.message }
      : signUp.isError
        ? { state: "failure", message: errorMessage(signUp.error, failureFallback) }
        : { state: "idle" };

  const blank = email.trim() === "";
  const busy = status.state === "submitting" || status.state === "success";

  function submit(event: FormEvent) {
    event.preventDefault();
    if (blank || busy) return;
    signUp.mutate(email.trim());
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
            <Sparkles className="size-5" aria-hidden="true" />
          </span>
          <DialogTitle>Create your free account</DialogTitle>
          <DialogDescription>
            Just your email. Free gives you {planLimitsText(plans.free)}, on Windows and Android.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-4">
          <EmailField
              id="free-signup-email"
              autoFocus
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              disabled={busy}
              aria-invalid={status.state === "failure" ? true : undefined}
              aria-describedby={status.state === "failure" || status.state === "success" ? "free-signup-status" : undefined}
            />
          {status.state === "success" ? (
            <p id="free-signup-status" role="status" className="flex gap-2 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-800">
              <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {status.message} Taking you to sign in…
            </p>
          ) : null}
          {status.state === "failure" ? (
            <p id="free-signup-status" role="alert" className="flex gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800">
              <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {status.message}
            </p>
          ) : null}
          <Button type="submit" className="w-full" size="lg" disabled={blank || busy}>
            {status.state === "submitting" ? (
              <>
                <Loader2 className="animate-spin" aria-hidden="true" />
                Creating your account...
              </>
            ) : status.state === "success" ? (
              "Account created"
            ) : (
              "Create Free Account"
            )}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
