import { type AppliedTeamPolicy, type TeamLockableSetting } from "@common/api/protection";
import { NEVER_CAPTURED_LIMITS } from "@common/never-captured-sites";
import { SET_BY_YOUR_TEAM, teamPolicyLines } from "@common/team-policy-text";
import { Users } from "lucide-react";
import { useState } from "react";
import { Label } from "@/components/ui/label";

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

/**
 * Sites never captured (decision 186): the person's own list, one site a line, saved with Save Settings like every
 * other setting; the team's list beside it, which only the team changes.
 */
export function NeverCapturedSites({ own, teamPolicy, onChange }: { own: string[]; teamPolicy: AppliedTeamPolicy | null; onChange: (sites: string[]) => void }) {
  const [text, setText] = useState(own.join("\n"));
  const teamSites = teamPolicy?.policy.neverCapturedSites ?? [];
  return (
    <div className="mt-6 border-t border-slate-100 pt-6">
      <Label htmlFor="never-captured" className="font-medium text-slate-900">
        Sites never captured
      </Label>
      <p id="never-captured-help" className="mt-1 text-sm text-slate-600">
        Pages of these sites (and their subdomains) are left out of every backup, from this web app and from your connected browsers. One site a
        line, up to {NEVER_CAPTURED_LIMITS.sites}.
      </p>
      <textarea
        id="never-captured"
        aria-describedby="never-captured-help"
        className="mt-2 min-h-20 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
        value={text}
        placeholder="bank.example"
        onChange={(event) => {
          setText(event.target.value);
          onChange(event.target.value.split(/[\n,]/).map((site) => site.trim()).filter((site) => site !== ""));
        }}
      />
      {teamSites.length > 0 ? (
        <p className="mt-2 text-sm text-slate-700">
          Also never captured: {teamSites.join(", ")}
          <SetByYourTeam />
        </p>
      ) : null}
    </div>
  );
}
