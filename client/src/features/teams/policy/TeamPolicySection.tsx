import { toastFailure } from "@/lib/failure-toast";
import { automaticBackupIntervals, getProtectionSettings, type ProtectionMode, type TeamPolicy } from "@common/api/protection";
import { getTeamPolicy, updateTeamPolicy } from "@common/api/team-policy";
import { getTeamAuditLog } from "@common/api/teams";
import { minutesText } from "@common/team-policy-text";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Loader2, Save, ShieldCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { SectionCard } from "@/components/ui/section-card";
import { call, endpointKey, endpointQuery } from "@/lib/api-client";
import { formatDateTime } from "@/lib/dates";
import { errorMessage } from "@/lib/queryClient";
import { toast } from "@/lib/use-toast";

const selectClass = "mt-1 h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900";
const LEFT_TO_MEMBERS = "Left to each member";

/**
 * The Team page's "Team policy" (decision 185), for owners and admins: protection mode, the
 * extension's automatic backup interval, sites never captured and form capture. Members' web app and extensions
 * read it within a minute and show each item as "Set by your team".
 */
export function TeamPolicySection() {
  const policy = useQuery(endpointQuery(getTeamPolicy));
  return (
    <SectionCard
      id="team-policy"
      icon={ShieldCheck}
      title="Team policy"
      description="Applies to everyone in the team, you included, within a minute: their web app and connected extensions show it as “Set by your team” and nobody can loosen it."
    >
      {policy.isPending ? <p className="mt-4 text-sm text-slate-500">Loading the policy…</p> : null}
      {policy.isError ? <p className="mt-4 text-sm text-red-700">{errorMessage(policy.error, "The team policy could not be loaded.")}</p> : null}
      {policy.data ? <PolicyForm key={policy.data.updatedAt ?? "never"} saved={policy.data.policy} updatedAt={policy.data.updatedAt} updatedBy={policy.data.updatedBy} /> : null}
    </SectionCard>
  );
}

function PolicyForm({ saved, updatedAt, updatedBy }: { saved: TeamPolicy; updatedAt: string | null; updatedBy: string | null }) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<ProtectionMode | "">(saved.protectionMode ?? "");
  const [minutes, setMinutes] = useState(saved.automaticBackupMinutes === null ? "" : String(saved.automaticBackupMinutes));
  const [sites, setSites] = useState(saved.neverCapturedSites.join("\n"));
  const [formCapture, setFormCapture] = useState<"on" | "off" | "">(saved.formCapture ?? "");
  const save = useMutation({
    mutationFn: () =>
      call(updateTeamPolicy, {
        body: {
          protectionMode: mode === "" ? null : mode,
          automaticBackupMinutes: minutes === "" ? null : Number(minutes),
          neverCapturedSites: sites.split(/[\n,]/).map((site) => site.trim()).filter((site) => site !== ""),
          formCapture: formCapture === "" ? null : formCapture,
        },
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(endpointKey(getTeamPolicy), answer);
      void queryClient.invalidateQueries({ queryKey: endpointKey(getTeamAuditLog) });
      // The policy is the saver's own too.
      void queryClient.invalidateQueries({ queryKey: endpointKey(getProtectionSettings) });
      toast({ title: "Team policy saved", description: "Members' web app and extensions follow it within a minute." });
    },
    onError: (error) => {
      toastFailure(error, "The team policy could not be saved.");
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }

  return (
    <form className="mt-4 grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
      <div>
        <Label htmlFor="policy-mode">Protection mode</Label>
        <select id="policy-mode" className={selectClass} value={mode} onChange={(event) => setMode(event.target.value as ProtectionMode | "")}>
          <option value="">{LEFT_TO_MEMBERS}</option>
          <option value="block">Block (protection always on)</option>
          <option value="backup">Backup (protection always on)</option>
        </select>
      </div>
      <div>
        <Label htmlFor="policy-interval">Automatic backup interval</Label>
        <select id="policy-interval" className={selectClass} value={minutes} onChange={(event) => setMinutes(event.target.value)}>
          <option value="">{LEFT_TO_MEMBERS}</option>
          {automaticBackupIntervals.map((interval) => (
            <option key={interval} value={String(interval)}>
              Every {minutesText(interval)}
            </option>
          ))}
        </select>
        <p className="mt-1 text-xs text-slate-500">The extension backs up all tabs on it; the web app keeps Automatic Backup on in Backup mode.</p>
      </div>
      <div className="sm:col-span-2">
        <Label htmlFor="policy-sites">Sites never captured</Label>
        <textarea
          id="policy-sites"
          className="mt-1 min-h-24 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
          value={sites}
          onChange={(event) => setSites(event.target.value)}
          placeholder={"bank.example\npayroll.example"}
        />
        <p className="mt-1 text-xs text-slate-500">One site a line; each covers its subdomains. Added to every member's own list: no backup keeps their pages.</p>
      </div>
      <div>
        <Label htmlFor="policy-forms">Form capture</Label>
        <select id="policy-forms" className={selectClass} value={formCapture} onChange={(event) => setFormCapture(event.target.value as "on" | "off" | "")}>
          <option value="">{LEFT_TO_MEMBERS}</option>
          <option value="off">Off: no backup keeps what was typed</option>
          <option value="on">On: the extension keeps what was typed</option>
        </select>
      </div>
      <div className="flex flex-col justify-end gap-2 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-500">{updatedAt ? `Last changed ${formatDateTime(updatedAt)}${updatedBy ? ` by ${updatedBy}` : ""}.` : "No policy yet: every item is left to each member."}</p>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
          Save policy
        </Button>
      </div>
    </form>
  );
}
