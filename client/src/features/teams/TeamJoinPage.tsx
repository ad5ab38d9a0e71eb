import { acceptTeamInvitation, describeTeamInvitation, TEAM_LIMITS } from "@common/api/teams";
import { useMutation, useQuery } from "@tanstack/react-query";
import { AlertCircle, Loader2, LogIn, UsersRound } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link } from "wouter";
import { SIGN_IN_LINK_MINUTES } from "@common/product";
import { Button } from "@/components/ui/button";
import { AccountScreen } from "@/features/accounts/AccountScreen";
import { linkCheckScreen, useFragmentToken } from "@/features/accounts/mailed-link";
import { loginHref } from "@/features/accounts/sign-in-links";
import { useAuth } from "@/features/accounts/useAuth";
import { call, endpointQuery } from "@/lib/api-client";
import { errorMessage, errorStatus } from "@/lib/queryClient";
import { forgetKeptInvitation, keepInvitationDuringSignIn, keptInvitation } from "./invitation-handoff";

/**
 * `/team/join`: where a mailed team invitation lands. Opening the link joins nobody (another site could open
 * one in this browser); the person sees the team and the address, and joins with a click. Signed out, that click
 * makes and signs in to the address's account only when there is none; an address with an account is asked to
 * sign in normally first (decision 215).
 */
export default function TeamJoinPage() {
  const fromLink = useFragmentToken();
  // Back from signing in (decision 215): the token this page kept before sending the person to sign in.
  const [token] = useState(() => fromLink ?? keptInvitation(Date.now()));
  if (!token) return <InvitationUnusable />;
  return <Invitation token={token} />;
}

function InvitationUnusable() {
  return (
    <AccountScreen
      icon={AlertCircle}
      tone="warning"
      title="This invitation can't be used"
      description={`It was used, cancelled or has expired: invitations work once, for ${TEAM_LIMITS.invitationDays} days. Ask the team's owner or an admin for a new one.`}
    >
      <Button asChild className="w-full" size="lg">
        <Link href="/">Go to TabVault</Link>
      </Button>
    </AccountScreen>
  );
}

function Invitation({ token }: { token: string }) {
  const { user, isLoading } = useAuth();
  const invitation = useQuery({ ...endpointQuery(describeTeamInvitation, { body: { token } }), retry: false, staleTime: Infinity });
  const join = useMutation({
    mutationFn: () => call(acceptTeamInvitation, { body: { token } }),
    onSuccess: () => {
      forgetKeptInvitation();
      // A full load, so every screen starts from the new account and plan rather than from a cache.
      window.location.assign("/team");
    },
  });
  const unusable = invitation.isError || errorStatus(join.error) === 404;
  useEffect(() => {
    if (unusable) forgetKeptInvitation();
  }, [unusable]);
  const checking = { isPending: invitation.isPending || isLoading, isError: invitation.isError, error: invitation.error, refetch: invitation.refetch, isFetching: invitation.isFetching };
  const problem = linkCheckScreen(checking, join.error, { icon: UsersRound, checkingTitle: "Checking your invitation", unusable: <InvitationUnusable /> });
  if (problem || !invitation.data) return problem;

  const { teamName, email, role, invitedBy, hasAccount, expiresAt } = invitation.data;
  const invited = (
    <>
      {invitedBy ?? "The team"} invited <strong className="break-all font-semibold text-slate-900">{email}</strong> to join as {role === "admin" ? "an admin" : "a member"}.
    </>
  );
  if (!user && hasAccount) return <SignInToJoin token={token} teamName={teamName} email={email} expiresAt={expiresAt} invited={invited} />;
  const otherAccount = user && user.email !== email ? user.email : null;
  return (
    <AccountScreen
      icon={UsersRound}
      title={`Join ${teamName}?`}
      description={
        <>
          <p>
            {invited} Joining
            {user ? "" : " makes a TabVault account for that address, signs this browser in to it and"} gives you the team's plan while you belong to it.
          </p>
          <p className="mt-3 text-sm text-slate-500">Your own backups stay private: the team sees your name, your connected browsers and only what you share.</p>
        </>
      }
    >
      {otherAccount ? (
        <p role="alert" className="mb-4 flex gap-2 rounded-lg bg-amber-50 p-3 text-sm leading-6 text-amber-900">
          <AlertCircle className="mt-1 size-4 shrink-0" aria-hidden="true" />
          You are signed in as {otherAccount}. Sign out, then open the link again to join as {email}.
        </p>
      ) : null}
      {join.isError ? (
        <p role="alert" className="mb-4 flex gap-2 rounded-lg bg-red-50 p-3 text-sm leading-6 text-red-800">
          <AlertCircle className="mt-1 size-4 shrink-0" aria-hidden="true" />
          {errorMessage(join.error, "Joining failed. Please try again in a moment.")}
        </p>
      ) : null}
      <JoinChoices>
        <Button className="sm:flex-1" size="lg" onClick={() => join.mutate()} disabled={join.isPending || join.isSuccess || otherAccount !== null}>
          {join.isPending || join.isSuccess ? <Loader2 className="animate-spin" aria-hidden="true" /> : <UsersRound aria-hidden="true" />}
          Join {teamName}
        </Button>
      </JoinChoices>
    </AccountScreen>
  );
}

/**
 * The address has an account: an invitation is not a way into it (decision 215). The person signs in with a normal
 * mailed link, which brings them back here to join; the token waits in this browser meanwhile.
 */
function SignInToJoin({ token, teamName, email, expiresAt, invited }: { token: string; teamName: string; email: string; expiresAt: string; invited: ReactNode }) {
  return (
    <AccountScreen
      icon={LogIn}
      title={`Join ${teamName}?`}
      description={
        <>
          <p>{invited}</p>
          <p className="mt-3">
            That address has a TabVault account, so sign in to it first. We email you a sign-in link that works for {SIGN_IN_LINK_MINUTES} minutes, and it brings
            you back here to join.
          </p>
        </>
      }
    >
      <JoinChoices>
        <Button asChild className="sm:flex-1" size="lg">
          <a href={loginHref(email, "/team/join")} onClick={() => keepInvitationDuringSignIn(token, expiresAt)}>
            <LogIn aria-hidden="true" />
            Sign in to join
          </a>
        </Button>
      </JoinChoices>
    </AccountScreen>
  );
}

/** The page's way forward beside "Not now". */
function JoinChoices({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      {children}
      <Button asChild variant="ghost" size="lg" className="sm:flex-1">
        <Link href="/">Not now</Link>
      </Button>
    </div>
  );
}
