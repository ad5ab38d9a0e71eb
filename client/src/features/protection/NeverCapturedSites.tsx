import type { AppliedTeamPolicy } from "@common/api/protection";
import { NEVER_CAPTURED_LIMITS } from "@common/never-captured-sites";
import { useState } from "react";
import { Label } from "@/components/ui/label";
import { SetByYourTeam } from "./TeamPolicyLock";

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
