import { acceptTeamInvitation, describeTeamInvitation, TEAM_LIMITS } from "@common/api/teams";
import { useMutation, useQuery } from "@tanstack/react-query";
import { AlertCircle, Loader2, UsersRound } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { AccountScreen } from "@/features/accounts/AccountScreen";
import { linkCheckScreen, useFragmentToken } from "@/features/accounts/mailed-link";
import { useAuth } from "@/features/accounts/useAuth";
import { call, endpointQuery } from "@/lib/api-client";
import { errorMessage } from "@/lib/queryClient";

/**
 * `/team/join`: where a mailed team invitation lands. Opening the link joins nobody (another site could open
 * one in this browser); the person sees the team and the address, and joins with a click, which signs them in
 * to that address when they are signed out.
 */
export default function TeamJoinPage() {
  const token = useFragmentToken();
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
  const { user } = useAuth();
  const invitation = useQuery({ ...endpointQuery(describeTeamInvitation, { body: { token } }), retry: false, staleTime: Infinity });
  const join = useMutation({
    mutationFn: () => call(acceptTeamInvitation, { body: { token } }),
    // A full load, so every screen starts from the new account and plan rather than from a cache.
    onSuccess: () => window.location.assign("/team"),
  });
  const problem = linkCheckScreen(invitation, join.error, { icon: UsersRound, checkingTitle: "Checking your invitation", unusable: <InvitationUnusable /> });
  if (problem || !invitation.data) return problem;

  const { teamName, email, role, invitedBy } = invitation.data;
  const otherAccount = user && user.email !== email ? user.email : null;
  return (
    <AccountScreen
      icon={UsersRound}
      title={`Join ${teamName}?`}
      description={
        <>
          <p>
            {invitedBy ?? "The team"} invited <strong className="break-all font-semibold text-slate-900">{email}</strong> to join as {role === "admin" ? "an admin" : "a member"}. Joining
            {user ? "" : " signs this browser in to that address and"} gives you the team's plan while you belong to it.
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
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button className="sm:flex-1" size="lg" onClick={() => join.mutate()} disabled={join.isPending || join.isSuccess || otherAccount !== null}>
          {join.isPending || join.isSuccess ? <Loader2 className="animate-spin" aria-hidden="true" /> : <UsersRound aria-hidden="true" />}
          Join {teamName}
        </Button>
        <Button asChild variant="ghost" size="lg" className="sm:flex-1">
          <Link href="/">Not now</Link>
        </Button>
      </div>
    </AccountScreen>
  );
}
