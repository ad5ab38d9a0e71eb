import { SIGN_IN_LINK_MINUTES, type SignInError } from "@common/api/accounts";
import { AlertCircle, ArrowRight, LogIn } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "wouter";
import { AccountScreen } from "./AccountScreen";
import { checkEmailOrToast } from "./email-check";
import { EmailField } from "./EmailField";
import { Button } from "@/components/ui/button";
import { displayName } from "@/lib/user-names";
import { useAuth } from "./useAuth";
import { loginHref } from "./sign-in-links";
import { SIGN_IN_EMAIL_FIELD_ID } from "./useAuthActions";

function waitText(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return "a few minutes";
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? "a minute" : `${minutes} minutes`;
}

function errorText(error: string | null, retryAfter: number): string | null {
  switch (error as SignInError | null) {
    case "invalid-email":
      return "That doesn't look like an email address. Check it and try again.";
    case "link-invalid":
      return `That sign-in link has expired or was already used. Links work once, for ${SIGN_IN_LINK_MINUTES} minutes. Enter your email for a new one.`;
    case "rate-limited":
      return `Too many sign-in emails were requested. Please wait ${waitText(retryAfter)} and try again.`;
    case "mail-failed":
      return "We couldn't send the email just now. Please try again in a minute.";
    default:
      return null;
  }
}

/** `/sign-in`: where `/api/login` without an email lands, and where a failed link sends people back. */
export default function SignInPage() {
  const [params] = useSearchParams();
  const { user } = useAuth();
  const [email, setEmail] = useState(params.get("email") ?? "");
  const [submitting, setSubmitting] = useState(false);
  const next = params.get("next") ?? undefined;
  const problem = errorText(params.get("error"), Number(params.get("retryAfter")));

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkEmailOrToast(email);
    if (!checked) return;
    setSubmitting(true);
    window.location.assign(loginHref(checked, next));
  }

  if (user) {
    return (
      <AccountScreen icon={LogIn} tone="success" title="You're signed in" description={<>Signed in as {displayName(user)} ({user.email}).</>}>
        <Button asChild className="w-full" size="lg">
          <Link href={next ?? "/"}>
            Continue
            <ArrowRight />
          </Link>
        </Button>
      </AccountScreen>
    );
  }

  return (
    <AccountScreen
      icon={LogIn}
      title="Sign in to TabVault"
      description="Enter your email and we'll send you a link that signs you in. New here? The same link creates your free account."
    >
      {problem ? (
        <p role="alert" className="mb-6 flex gap-2 rounded-lg bg-red-50 p-3 text-sm leading-6 text-red-800">
          <AlertCircle className="mt-1 size-4 shrink-0" aria-hidden="true" />
          {problem}
        </p>
      ) : null}
      <form onSubmit={submit} noValidate className="space-y-4">
        <EmailField id={SIGN_IN_EMAIL_FIELD_ID} autoFocus value={email} onChange={(event) => setEmail(event.target.value)} />
        <Button type="submit" className="w-full" size="lg" disabled={submitting}>
          {submitting ? "Sending link..." : "Email me a sign-in link"}
        </Button>
      </form>
    </AccountScreen>
  );
}
