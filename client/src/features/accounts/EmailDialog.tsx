import { type CaptureEmailResponse, captureEmail as captureEmailEndpoint, type SignupSource } from "@common/api/accounts";
import { formatPrice, lowestPaidPriceCents, type PaidPlanType, paidPlanTypes, planLimitsText, plans } from "@common/plan-catalogue";
import { useMutation } from "@tanstack/react-query";
import { ArrowLeft, ArrowRight, Crown, Download, Loader2, Mail } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { paymentHref, usePriceIds } from "@/lib/plan-links";
import { EmailField } from "./EmailField";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/lib/use-toast";
import { loginHref } from "./sign-in-links";
import { cn } from "@/lib/class-names";
import { call } from "@/lib/api-client";
import { showFailure } from "@/lib/failure-toast";
import { checkEmailOrToast, rememberEmailForPayment } from "./email-check";

/** spec 1 §9: the redirect to sign-in after 'Welcome Back!'. */
const WELCOME_BACK_REDIRECT_MS = 1500;

type Step = "email" | "downloads" | "plans";

async function captureEmail(email: string, source: SignupSource): Promise<CaptureEmailResponse> {
  return call(captureEmailEndpoint, { body: { email, source } });
}

/**
 * Sign In / Get Started: email → a known address is welcomed back and sent to sign in;
 * a new one is registered (a confirmation link is mailed) and offered the free download or the plans.
 */
export default function EmailDialog({ onClose, onFreeDownload }: { onClose: () => void; onFreeDownload: (email: string) => void }) {
  const [, navigate] = useLocation();
  const priceIds = usePriceIds();
  const [step, setStep] = useState<Step>("email");
  const [email, setEmail] = useState("");
  const redirectTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);
  const register = useMutation({
    mutationFn: (checked: string) => captureEmail(checked, "email_signup_modal"),
    onSuccess: (result, checked) => {
      if (result.userExists) {
        // Only a confirmed address is answered as known (server/accounts/signup-routes.ts): one that never opened its
        // link is answered as new, so there is no "confirm your email" case here.
        toast({ title: "Welcome Back!", description: "We're emailing you a link to sign in." });
        redirectTimer.current = window.setTimeout(
          () => window.location.assign(loginHref(checked)),
          WELCOME_BACK_REDIRECT_MS,
        );
        return;
      }
      toast({ title: "Email Registered!", description: `Check ${checked} for the link that confirms your address.` });
      setEmail(checked);
      setStep("downloads");
    },
    onError: showFailure("Failed to register email. Please try again."),
  });
  // A known address stays "Signing you in..." until the page leaves for the sign-in link.
  const status = register.isPending ? "submitting" : register.isSuccess && register.data.userExists ? "redirecting" : "idle";

  function submitEmail(event: FormEvent) {
    event.preventDefault();
    const checked = checkEmailOrToast(email)?.toLowerCase();
    if (checked) register.mutate(checked);
  }

  function choosePlan(plan: PaidPlanType) {
    rememberEmailForPayment(email);
    // Best effort: the choice is recorded if the server is reachable, and payment goes on regardless.
    captureEmail(email, `plan_selection_${plan}`).catch(() => undefined);
    toast({ title: "Redirecting to Payment", description: `Taking you to checkout for ${plans[plan].name}.` });
    onClose();
    const href = new URL(paymentHref(plans[plan], priceIds[plan]), window.location.origin);
    href.searchParams.set("email", email);
    navigate(`${href.pathname}${href.search}`);
  }

  function chooseFreeDownload() {
    onFreeDownload(email);
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className={step === "plans" ? "sm:max-w-2xl" : undefined}>
        {step === "email" ? (
          <>
            <DialogHeader>
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                <Mail className="size-5" aria-hidden="true" />
              </span>
              <DialogTitle>Get started with TabVault</DialogTitle>
              <DialogDescription>
                Enter your email to sign in or to create your free account. No password: we email you a link.
              </DialogDescription>
            </DialogHeader>
            <form onSubmit={submitEmail} noValidate className="space-y-4">
              <EmailField
                id="email-dialog-email"
                autoFocus
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                disabled={status !== "idle"}
              />
              <Button type="submit" className="w-full" size="lg" disabled={status !== "idle"}>
                {status === "idle" ? (
                  <>
                    Continue
                    <ArrowRight />
                  </>
                ) : (
                  <>
                    <Loader2 className="animate-spin" aria-hidden="true" />
                    {status === "redirecting" ? "Signing you in..." : "Checking..."}
                  </>
                )}
              </Button>
              <p className="text-center text-xs leading-5 text-slate-500">
                By continuing you agree to our{" "}
                <a className="underline hover:text-slate-700" href="/terms" target="_blank" rel="noreferrer">
                  Terms
                </a>{" "}
                and{" "}
                <a className="underline hover:text-slate-700" href="/privacy" target="_blank" rel="noreferrer">
                  Privacy Policy
                </a>
                .
              </p>
            </form>
          </>
        ) : null}

        {step === "downloads" ? (
          <>
            <DialogHeader>
              <DialogTitle>You're registered</DialogTitle>
              <DialogDescription>
                We sent a link to <strong className="font-semibold text-slate-900">{email}</strong>. Open it to
                confirm your address and sign in. Meanwhile, how would you like to start?
              </DialogDescription>
            </DialogHeader>
            <div className="grid gap-3">
              <ChoiceButton
                icon={Download}
                title="Free download"
                text={`The browser extension, and the Windows and Android apps where published, on the Free plan: ${planLimitsText(plans.free)}.`}
                onClick={chooseFreeDownload}
              />
              <ChoiceButton
                icon={Crown}
                title="View Plans"
                text={`More tabs and backups, automatic backups and backup summaries from ${formatPrice(lowestPaidPriceCents)} a month.`}
                onClick={() => setStep("plans")}
                highlighted
              />
            </div>
            <Button variant="link" className="mt-4 w-full" onClick={() => setStep("email")}>
              Change Email Address
            </Button>
          </>
        ) : null}

        {step === "plans" ? (
          <>
            <DialogHeader>
              <DialogTitle>Choose your plan</DialogTitle>
              <DialogDescription>Monthly, cancel any time. You pay on the next page.</DialogDescription>
            </DialogHeader>
            <ul className="grid gap-3 sm:grid-cols-3">
              {paidPlanTypes.map((type) => {
                const plan = plans[type];
                return (
                  <li key={type}>
                    <button
                      type="button"
                      onClick={() => choosePlan(type)}
                      className={cn(
                        "relative flex h-full w-full cursor-pointer flex-col rounded-xl border p-4 text-left transition hover:border-brand-400 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
                        plan.mostPopular ? "border-brand-600 ring-1 ring-brand-600" : "border-slate-200",
                      )}
                    >
                      {plan.mostPopular ? (
                        <span className="mb-2 w-fit rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
                          Most Popular
                        </span>
                      ) : null}
                      <span className="font-semibold text-slate-900">{plan.name}</span>
                      <span className="mt-1 text-2xl font-bold text-slate-900">
                        {formatPrice(plan.priceCents)}
                        <span className="text-sm font-medium text-slate-500">/month</span>
                      </span>
                      <span className="mt-2 text-sm leading-5 text-slate-600">{plan.tagline}</span>
                      <span className="mt-3 text-sm font-semibold text-brand-700">Choose {plan.name}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
            <Button variant="ghost" className="mt-4" onClick={() => setStep("downloads")}>
              <ArrowLeft />
              Back
            </Button>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ChoiceButton({
  icon: Icon,
  title,
  text,
  onClick,
  highlighted = false,
}: {
  icon: typeof Download;
  title: string;
  text: string;
  onClick: () => void;
  highlighted?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        "flex w-full cursor-pointer items-start gap-4 rounded-xl border p-4 text-left transition hover:border-brand-400 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
        highlighted ? "border-brand-200 bg-brand-50/60" : "border-slate-200",
      )}
    >
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-white text-brand-700 ring-1 ring-slate-200">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <span>
        <span className="block font-semibold text-slate-900">{title}</span>
        <span className="mt-1 block text-sm leading-5 text-slate-600">{text}</span>
      </span>
    </button>
  );
}
