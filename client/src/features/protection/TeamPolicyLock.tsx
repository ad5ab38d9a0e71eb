import { type AppliedTeamPolicy, type TeamLockableSetting } from "@common/api/protection";
import { SET_BY_YOUR_TEAM, teamPolicyLines } from "@common/team-policy-text";
import { Users } from "lucide-react";

/** The badge beside a setting the team's policy decides (decision 185). */
export function SetByYourTeam() {
  return <span className="ml-2 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-sky-800">{SET_BY_YOUR_TEAM}</span>;
}

export function isLocked(teamPolicy: AppliedTeamPolicy | null, setting: TeamLockableSetting): boolean {
  return teamPolicy?.locked.includes(setting) ?? false;
}

/** What the team's policy sets, at the top of the settings screen. */
export function TeamPolicyNotice({ teamPolicy }: { teamPolicy: AppliedTeamPolicy | null }) {
  if (!teamPolicy) return null;
  const lines = teamPolicyLines(teamPolicy.policy);
  return (
    <section aria-labelledby="team-policy-notice" className="mt-6 rounded-2xl border border-sky-200 bg-sky-50 p-5">
      <h2 id="team-policy-notice" className="flex items-center gap-2 font-semibold text-sky-900">
        <Users className="size-4" aria-hidden="true" />
        {SET_BY_YOUR_TEAM}: {teamPolicy.teamName}
      </h2>
      <p className="mt-1 text-sm text-sky-900">Your team's policy decides these for your web app and your connected browsers; its owner or an admin can change them.</p>
      <ul className="mt-3 space-y-1 text-sm text-slate-800">
        {lines.map((line) => (
          <li key={line.item}>
            <span className="font-medium">{line.item}:</span> {line.value}
          </li>
        ))}
      </ul>
    </section>
  );
}
