import { confirmSignIn, describeSignInLink, SIGN_IN_LINK_MINUTES } from "@common/api/accounts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { AlertCircle, Loader2, LogIn } from "lucide-react";
import { Link } from "wouter";
import { AccountScreen } from "./AccountScreen";
import { linkCheckScreen, useFragmentToken } from "./mailed-link";
import { useAuth } from "./useAuth";
import { Button } from "@/components/ui/button";
import { call, endpointQuery } from "@/lib/api-client";
import { errorMessage } from "@/lib/queryClient";

/**
 * `/sign-in/confirm`: where a mailed sign-in link lands. Opening a link signs nobody in, because another
 * site could open one of its own in this browser (sign-in CSRF); the person sees which account the link
 * is for and signs in with a click, which the server takes only from this site.
 */
export default function SignInConfirmPage() {
  const token = useFragmentToken();
  if (!token) return <LinkUnusable />;
  return <Confirmation token={token} />;
}

function LinkUnusable() {
  return (
    <AccountScreen
      icon={AlertCircle}
      tone="warning"
      title="This sign-in link can't be used"
      description={`It has expired or was already used. Links work once, for ${SIGN_IN_LINK_MINUTES} minutes. Ask for a new one.`}
    >
      <Button asChild className="w-full" size="lg">
        <Link href="/sign-in">Get a new sign-in link</Link>
      </Button>
    </AccountScreen>
  );
}

function Confirmation({ token }: { token: string }) {
  const { user } = useAuth();
  const link = useQuery({ ...endpointQuery(describeSignInLink, { body: { token } }), retry: false, staleTime: Infinity });
  const confirm = useMutation({
    mutationFn: () => call(confirmSignIn, { body: { token } }),
    // A full load, so every screen starts from the new account rather than from another one's cache.
    onSuccess: ({ next }) => window.location.assign(next),
  });

  const problem = linkCheckScreen(link, confirm.error, { icon: LogIn, checkingTitle: "Checking your sign-in link", unusable: <LinkUnusable /> });
  if (problem || !link.data) return problem;

  const { email } = link.data;
  const otherAccount = user && user.email !== email ? user.email : null;
  return (
    <AccountScreen
      icon={LogIn}
      title={`Sign in as ${email}?`}
      description={
        <>
          <p>
            This link signs this browser in to the TabVault account of{" "}
            <strong className="break-all font-semibold text-slate-900">{email}</strong>. Continue only if you asked for it.
          </p>
          {otherAccount ? (
            <p className="mt-3 text-sm text-slate-500">
              You are signed in as <span className="break-all">{otherAccount}</span> now; signing in ends that session here.
            </p>
          ) : null}
        </>
      }
    >
      {confirm.isError ? (
        <p role="alert" className="mb-4 flex gap-2 rounded-lg bg-red-50 p-3 text-sm leading-6 text-red-800">
          <AlertCircle className="mt-1 size-4 shrink-0" aria-hidden="true" />
          {errorMessage(confirm.error, "Signing in failed. Please try again in a moment.")}
        </p>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button className="sm:flex-1" size="lg" onClick={() => confirm.mutate()} disabled={confirm.isPending || confirm.isSuccess}>
          {confirm.isPending || confirm.isSuccess ? <Loader2 className="animate-spin" aria-hidden="true" /> : <LogIn aria-hidden="true" />}
          Sign in
        </Button>
        <Button asChild variant="ghost" size="lg" className="sm:flex-1">
          <Link href="/">Cancel</Link>
        </Button>
      </div>
    </AccountScreen>
  );
}
