import { verifyUser, type VerifyUserResponse } from "@common/api/accounts";
import { plans } from "@common/plan-catalogue";
import { useMutation } from "@tanstack/react-query";
import { BadgeCheck, Loader2, MailQuestion, SearchX, ShieldCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { AccountScreen } from "./AccountScreen";
import { useAuthDialogs } from "./auth-dialogs";
import { checkEmailOrToast } from "./email-check";
import { EmailField } from "./EmailField";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/use-toast";
import { loginHref } from "./sign-in-links";
import { call } from "@/lib/api-client";
import { toastFailure } from "@/lib/failure-toast";
import { formatDate } from "@/lib/dates";

type Result = { email: string; response: VerifyUserResponse };


/** `/verify`: form → verified or not found; 'Try Different Email' resets. */
export default function VerifyPage() {
  const [email, setEmail] = useState("");
  const [result, setResult] = useState<Result | null>(null);
  const { openFreeSignup } = useAuthDialogs();
  const verify = useMutation({
    mutationFn: async (checked: string): Promise<Result> => ({ email: checked, response: await call(verifyUser, { body: { email: checked } }) }),
    onSuccess: (verified) => {
      if (!verified.response.verified) toast({ title: "User Not Found", description: verified.response.message, variant: "destructive" });
      setResult(verified);
    },
    onError: (error) => toastFailure(error, "Failed to verify user. Please try again.", "Verification Error"),
  });
  const submitting = verify.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkEmailOrToast(email);
    if (checked) verify.mutate(checked);
  }

  const tryAgain = () => {
    setResult(null);
    setEmail("");
  };

  if (result?.response.verified) {
    // The account's details come only to its owner and to admins; anyone else learns that it is verified.
    const { user } = result.response;
    const name = user ? [user.firstName, user.lastName].filter(Boolean).join(" ") : "";
    return (
      <AccountScreen icon={ShieldCheck} tone="success" title="Account verified" description={result.response.message}>
        <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm">
          {name ? <Row label="Name" value={name} /> : null}
          <Row label="Email" value={user?.email ?? result.email} />
          {user ? (
            <>
              <Row label="Plan" value={plans[user.planType].name} />
              <Row label="Status" value={user.planStatus} />
              <Row label="Member since" value={formatDate(user.createdAt)} />
            </>
          ) : null}
        </dl>
        {user ? null : <p className="mt-4 text-sm text-slate-500">Sign in as this address to see its plan.</p>}
        <Button variant="secondary" className="mt-6 w-full" onClick={tryAgain}>
          Try Different Email
        </Button>
      </AccountScreen>
    );
  }

  if (result) {
    // Only the owner or an admin is told that an account exists without a confirmed address.
    const unconfirmed = result.response.user !== null;
    return (
      <AccountScreen
        icon={unconfirmed ? MailQuestion : SearchX}
        tone="warning"
        title={unconfirmed ? "Email not confirmed yet" : "No verified account found"}
        description={result.response.message}
      >
        <div className="flex flex-col gap-3">
          <Button asChild>
            <a href={loginHref(result.email)}>Email me a sign-in link</a>
          </Button>
          {unconfirmed ? null : (
            <Button variant="secondary" onClick={() => openFreeSignup(result.email)}>
              Create a free account
            </Button>
          )}
          <Button variant="secondary" onClick={tryAgain}>
            Try Different Email
          </Button>
        </div>
      </AccountScreen>
    );
  }

  return (
    <AccountScreen
      icon={BadgeCheck}
      title="Verify Account"
      description="Enter an email address to check that it belongs to a verified TabVault account. Signed in, you also see your plan."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <EmailField id="verify-email" value={email} onChange={(event) => setEmail(event.target.value)} disabled={submitting} />
        <Button type="submit" className="w-full" size="lg" disabled={submitting}>
          {submitting ? (
            <>
              <Loader2 className="animate-spin" aria-hidden="true" />
              Checking...
            </>
          ) : (
            "Verify Account"
          )}
        </Button>
      </form>
    </AccountScreen>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 px-4 py-3">
      <dt className="text-slate-500">{label}</dt>
      <dd className="break-all text-right font-medium text-slate-900">{value}</dd>
    </div>
  );
}
