import { SIGN_IN_LINK_MINUTES } from "@common/api/accounts";
import { MailCheck, RotateCw } from "lucide-react";
import { Link, useSearchParams } from "wouter";
import { AccountScreen } from "./AccountScreen";
import { Button } from "@/components/ui/button";
import { loginHref } from "./sign-in-links";

/** `/check-email`: shown after a sign-in link was mailed. */
export default function CheckEmailPage() {
  const [params] = useSearchParams();
  const email = params.get("email");
  return (
    <AccountScreen
      icon={MailCheck}
      title="Check your email"
      description={
        <>
          <p>
            We sent a sign-in link to{" "}
            {email ? <strong className="break-all font-semibold text-slate-900">{email}</strong> : "your inbox"}. Open it
            on this device to sign in.
          </p>
          <p className="mt-3 text-sm text-slate-500">
            The link works once, for {SIGN_IN_LINK_MINUTES} minutes. Nothing there? Check your spam folder, or ask for
            a new one.
          </p>
        </>
      }
    >
      <div className="flex flex-col gap-3 sm:flex-row">
        {email ? (
          <Button asChild variant="secondary" className="flex-1">
            <a href={loginHref(email)}>
              <RotateCw />
              Send a new link
            </a>
          </Button>
        ) : null}
        <Button asChild variant="ghost" className="flex-1">
          <Link href="/sign-in">Use a different email</Link>
        </Button>
      </div>
    </AccountScreen>
  );
}
