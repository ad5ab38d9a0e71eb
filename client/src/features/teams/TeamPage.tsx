import { deleteTeam, getMyTeam, removeTeamMember, type Team } from "@common/api/teams";
import { plans } from "@common/plan-catalogue";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { DoorOpen, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/features/accounts/useAuth";
import { call, endpointQuery } from "@/lib/api-client";
import { errorMessage } from "@/lib/queryClient";
import { toast } from "@/lib/use-toast";
import { TeamPolicySection } from "@/features/teams/policy/TeamPolicySection";
import { CreateTeam } from "./CreateTeam";
import { TeamAuditLog } from "./TeamAuditLog";
import { TeamInvitations } from "./TeamInvitations";
import { TeamMembers } from "./TeamMembers";
import { SectionCard } from "@/components/ui/section-card";
import { TeamInsightsSection } from "@/features/teams/insights/TeamInsightsSection";
import { refreshTeam, showTeamError } from "./team-queries";

const roleWords = { owner: "You own this team", admin: "You are an admin of this team", member: "You are a member of this team" } as const;

/**
 * `/team`: a Premium account's team — members and seats, invitations, roles, members' browsers, the
 * audit log — or, for someone in no team, how to create or join one.
 */
export default function TeamPage() {
  const { user } = useAuth();
  const team = useQuery(endpointQuery(getMyTeam));
  if (!user) return null;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{team.data?.team ? team.data.team.name : "Team"}</h1>
      {team.data?.team ? (
        <p className="mt-2 text-lg text-slate-600">
          {roleWords[team.data.team.myRole]}. Everyone in it gets {plans[team.data.team.planType].name} while they belong to it.
        </p>
      ) : (
        <p className="mt-2 text-lg text-slate-600">Work together: shared backups, one protection policy, and who is connected where.</p>
      )}
      <div className="mt-8 grid grid-cols-1 gap-6">
        {team.isPending ? <p className="text-sm text-slate-500">Loading your team…</p> : null}
        {team.isError ? <p className="text-sm text-red-700">{errorMessage(team.error, "Your team could not be loaded.")}</p> : null}
        {team.data && !team.data.team ? <CreateTeam user={user} /> : null}
        {team.data?.team ? <TeamSections team={team.data.team} myUserId={user.id} /> : null}
      </div>
    </div>
  );
}

function TeamSections({ team, myUserId }: { team: Team; myUserId: string }) {
  return (
    <>
      <TeamMembers team={team} myUserId={myUserId} />
      {team.myRole !== "member" ? <TeamInvitations team={team} /> : null}
      <TeamInsightsSection team={team} />
      {team.myRole !== "member" ? <TeamPolicySection /> : null}
      {team.myRole === "owner" ? <TeamAuditLog /> : null}
      <LeaveOrDelete team={team} myUserId={myUserId} />
    </>
  );
}

/** A member or admin leaves; the owner deletes the team (the owner cannot leave it without an owner). */
function LeaveOrDelete({ team, myUserId }: { team: Team; myUserId: string }) {
  const queryClient = useQueryClient();
  const owner = team.myRole === "owner";
  const end = useMutation({
    mutationFn: () => (owner ? call(deleteTeam) : call(removeTeamMember, { params: { userId: myUserId } })),
    onSuccess: () => {
      toast({ title: owner ? "Team deleted" : "You left the team", description: owner ? `${team.name} is gone; its members keep their own backups.` : `You are no longer in ${team.name}.` });
      return refreshTeam(queryClient);
    },
    onError: showTeamError(owner ? "The team could not be deleted." : "Leaving the team failed."),
  });
  function confirmAndEnd() {
    const question = owner
      ? `Delete ${team.name}? Every member leaves it at once and loses the team's plan; shared backups stop being shared. Their own backups stay theirs.`
      : `Leave ${team.name}? You lose the team's plan and its shared backups at once.`;
    if (window.confirm(question)) end.mutate();
  }
  return (
    <SectionCard
      id="team-leave"
      icon={owner ? Trash2 : DoorOpen}
      title={owner ? "Delete the team" : "Leave the team"}
      description={owner ? "Members keep their accounts and their own backups." : "Your account and your own backups stay yours."}
    >
      <Button variant={owner ? "destructive" : "outline"} className="mt-4" onClick={confirmAndEnd} disabled={end.isPending}>
        {owner ? <Trash2 aria-hidden="true" /> : <DoorOpen aria-hidden="true" />}
        {owner ? "Delete team" : "Leave team"}
      </Button>
    </SectionCard>
  );
}
