import { type AssignableTeamRole, changeTeamMemberRole, mayManageTeamMember, removeTeamMember, type Team, type TeamMember, type TeamRole } from "@common/api/teams";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ChevronDown, ChevronRight, UserMinus, Users } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { call } from "@/lib/api-client";
import { formatDate } from "@/lib/dates";
import { toast } from "@/lib/use-toast";
import { MemberDevices } from "./MemberDevices";
import { SectionCard } from "@/components/ui/section-card";
import { refreshTeam, showTeamError } from "./team-queries";

const roleNames: Record<TeamRole, string> = { owner: "Owner", admin: "Admin", member: "Member" };

/** The members with their roles; owners and admins also see the browsers of those they manage (admins: members only), change roles (owner) and remove. */
export function TeamMembers({ team, myUserId }: { team: Team; myUserId: string }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<string | null>(null);
  const manages = team.myRole !== "member";
  const changeRole = useMutation({
    mutationFn: ({ member, role }: { member: TeamMember; role: AssignableTeamRole }) => call(changeTeamMemberRole, { params: { userId: member.userId }, body: { role } }),
    onSuccess: (member) => {
      toast({ title: "Role changed", description: `${member.email} is now ${roleNames[member.role].toLowerCase()}.` });
      return refreshTeam(queryClient);
    },
    onError: showTeamError("The role could not be changed."),
  });
  const remove = useMutation({
    mutationFn: (member: TeamMember) => call(removeTeamMember, { params: { userId: member.userId } }),
    onSuccess: (_answer, member) => {
      toast({ title: "Removed", description: `${member.email} is no longer in ${team.name}.` });
      return refreshTeam(queryClient);
    },
    onError: showTeamError("The member could not be removed."),
  });

  return (
    <SectionCard id="team-members" icon={Users} title="Members" description={`${team.seatsUsed} of ${team.seats} seats used (members and pending invitations).`}>
      <ul className="mt-4 divide-y divide-slate-100 rounded-lg border border-slate-200">
        {team.members.map((member) => {
          const managed = manages && mayManageTeamMember(team.myRole, member.role);
          const expanded = open === member.userId;
          return (
            <li key={member.userId}>
              <div className="flex flex-wrap items-center justify-between gap-3 px-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium break-all text-slate-900">
                    {member.name ?? member.email}
                    {member.userId === myUserId ? <span className="font-normal text-slate-500"> (you)</span> : null}
                  </p>
                  <p className="text-sm text-slate-600">
                    {member.name ? <span className="break-all">{member.email} · </span> : null}
                    {roleNames[member.role]} · joined {formatDate(member.joinedAt)}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  {team.myRole === "owner" && member.role !== "owner" ? (
                    <select
                      aria-label={`Role of ${member.email}`}
                      className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900"
                      value={member.role}
                      disabled={changeRole.isPending}
                      onChange={(event) => changeRole.mutate({ member, role: event.target.value as AssignableTeamRole })}
                    >
                      <option value="member">Member</option>
                      <option value="admin">Admin</option>
                    </select>
                  ) : null}
                  {managed ? (
                    <Button variant="ghost" size="sm" aria-expanded={expanded} onClick={() => setOpen(expanded ? null : member.userId)} aria-label={`Browsers of ${member.email}`}>
                      {expanded ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
                      Browsers
                    </Button>
                  ) : null}
                  {managed ? (
                    <Button variant="outline" size="sm" onClick={() => remove.mutate(member)} disabled={remove.isPending} aria-label={`Remove ${member.email}`}>
                      <UserMinus aria-hidden="true" />
                      Remove
                    </Button>
                  ) : null}
                </div>
              </div>
              {expanded && managed ? <MemberDevices member={member} /> : null}
            </li>
          );
        })}
      </ul>
    </SectionCard>
  );
}
