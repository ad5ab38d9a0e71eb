import { type AssignableTeamRole, cancelTeamInvitation, inviteTeamMember, type Team, TEAM_LIMITS, type TeamInvitation } from "@common/api/teams";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Loader2, MailPlus, X } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { call } from "@/lib/api-client";
import { formatDate } from "@/lib/dates";
import { errorMessage } from "@/lib/queryClient";
import { toast } from "@/lib/use-toast";
import { SectionCard } from "@/components/ui/section-card";
import { refreshTeam, showTeamError } from "./team-queries";

/** Owners and admins: invite by email (the owner may invite admins), and the pending invitations, each holding a seat. */
export function TeamInvitations({ team }: { team: Team }) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<AssignableTeamRole>("member");
  const invite = useMutation({
    mutationFn: () => call(inviteTeamMember, { body: { email, role } }),
    onSuccess: (invitation) => {
      setEmail("");
      toast({ title: "Invitation sent", description: `${invitation.email} can join with the link in their email for ${TEAM_LIMITS.invitationDays} days.` });
      return refreshTeam(queryClient);
    },
  });
  const cancel = useMutation({
    mutationFn: (invitation: TeamInvitation) => call(cancelTeamInvitation, { params: { id: invitation.id } }),
    onSuccess: (_answer, invitation) => {
      toast({ title: "Invitation cancelled", description: `The link sent to ${invitation.email} no longer works.` });
      return refreshTeam(queryClient);
    },
    onError: showTeamError("The invitation could not be cancelled."),
  });
  const seatsLeft = team.seats - team.seatsUsed;

  function submit(event: FormEvent) {
    event.preventDefault();
    invite.mutate();
  }

  return (
    <SectionCard
      id="team-invitations"
      icon={MailPlus}
      title="Invite people"
      description={`The invitation link joins them with that address: a new address gets its account there, one that has an account signs in first. It works once, for ${TEAM_LIMITS.invitationDays} days. A pending invitation holds a seat.`}
    >
      <form className="mt-4 grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end" onSubmit={submit} noValidate>
        <div>
          <Label htmlFor="invite-email">Email address</Label>
          <Input id="invite-email" type="email" className="mt-1" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" />
        </div>
        <div>
          <Label htmlFor="invite-role">Role</Label>
          <select
            id="invite-role"
            className="mt-1 h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900"
            value={role}
            onChange={(event) => setRole(event.target.value as AssignableTeamRole)}
          >
            <option value="member">Member</option>
            {team.myRole === "owner" ? <option value="admin">Admin</option> : null}
          </select>
        </div>
        <Button type="submit" disabled={invite.isPending || seatsLeft <= 0}>
          {invite.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <MailPlus aria-hidden="true" />}
          Send invitation
        </Button>
      </form>
      {seatsLeft <= 0 ? <p className="mt-2 text-sm text-amber-800">All {team.seats} seats are taken: remove someone or cancel an invitation to invite another person.</p> : null}
      {invite.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {errorMessage(invite.error, "The invitation could not be sent.")}
        </p>
      ) : null}
      {team.invitations.length > 0 ? (
        <>
          <h3 className="mt-5 text-sm font-semibold text-slate-900">Pending invitations</h3>
          <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
            {team.invitations.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                <span className="min-w-0">
                  <span className="font-medium break-all text-slate-900">{invitation.email}</span>
                  <span className="text-slate-500">
                    {" "}
                    · {invitation.role === "admin" ? "Admin" : "Member"} · until {formatDate(invitation.expiresAt)}
                  </span>
                </span>
                <Button variant="ghost" size="sm" onClick={() => cancel.mutate(invitation)} disabled={cancel.isPending} aria-label={`Cancel the invitation of ${invitation.email}`}>
                  <X aria-hidden="true" />
                  Cancel
                </Button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </SectionCard>
  );
}
