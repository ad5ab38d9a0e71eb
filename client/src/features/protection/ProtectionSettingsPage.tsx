import type { ProtectionMode } from "@common/api/protection";
import { plans, THINNING_TEXT } from "@common/plan-catalogue";
import { automaticBackupText, automaticBackupTextWithTeam } from "@common/product";
import { Crown, Loader2, ShieldCheck, Smartphone } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { PlanFeatureToggle, SaveSettingsBar, SmartFeatureToggles, SWITCH_CHANGES_NOTHING_YET } from "./FeatureToggles";
import { Switch } from "@/components/ui/switch";
import { useAuth } from "@/features/accounts/useAuth";
import { cn } from "@/lib/class-names";
import { NeverCapturedSites } from "./NeverCapturedSites";
import { isLocked, SetByYourTeam, TeamPolicyNotice } from "./TeamPolicyLock";
import { useSettingsDraft } from "./useSettingsDraft";

/** `/protection-settings`: saved only when Save Settings is clicked. */
export default function ProtectionSettingsPage() {
  const { user } = useAuth();
  const draft = useSettingsDraft(Boolean(user));
  const settings = draft.settings;
  if (!settings) return <p className="flex justify-center py-24 text-slate-500"><Loader2 className="size-6 animate-spin" aria-label="Loading settings" /></p>;
  const plan = plans[user?.planType ?? "free"];
  const set = draft.change;

  const status = !settings.enabled ? "DISABLED" : settings.mode === "block" ? "ACTIVE - BLOCKING" : "ACTIVE - BACKUP MODE";
  const team = settings.teamPolicy;
  const teamInterval = team?.policy.automaticBackupMinutes ?? null;
  const autoBackupText = teamInterval === null ? automaticBackupText : automaticBackupTextWithTeam(teamInterval);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Protection Settings</h1>
      <p className="mt-2 text-slate-600">Choose whether TabVault blocks Clear All outright or lets it happen and keeps a backup.</p>
      <TeamPolicyNotice teamPolicy={team} />

      <section className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex items-center justify-between gap-4">
          <div>
            <h2 id="protection-master" className="text-lg font-semibold text-slate-900">
              Protection
              {isLocked(team, "enabled") ? <SetByYourTeam /> : null}
            </h2>
            <p className={cn("mt-1 text-sm font-semibold", settings.enabled ? "text-emerald-700" : "text-red-700")}>{status}</p>
          </div>
          <Switch size="lg" checked={settings.enabled} disabled={isLocked(team, "enabled")} onCheckedChange={(enabled) => set({ enabled })} aria-labelledby="protection-master" />
        </div>

        <fieldset className="mt-6" disabled={isLocked(team, "mode")}>
          <legend className="text-sm font-semibold text-slate-900">
            Mode
            {isLocked(team, "mode") ? <SetByYourTeam /> : null}
          </legend>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {(
              [
                ["block", "Block", "Stop Clear All before it closes anything. Recommended."],
                ["backup", "Backup", "Let Clear All happen, and keep a backup to restore."],
              ] as [ProtectionMode, string, string][]
            ).map(([value, label, text]) => (
              <label
                key={value}
                className={cn(
                  "flex cursor-pointer gap-3 rounded-xl border p-4 transition",
                  settings.mode === value ? "border-brand-600 bg-brand-50/60 ring-1 ring-brand-600" : "border-slate-200 hover:border-slate-300",
                )}
              >
                <input
                  type="radio"
                  name="mode"
                  value={value}
                  checked={settings.mode === value}
                  onChange={() => set({ mode: value, ...(value === "block" ? { autoBackup: false } : {}) })}
                  className="mt-1 accent-brand-600"
                />
                <span>
                  <span className="block font-medium text-slate-900">
                    {label}
                    {value === "block" ? <span className="ml-2 text-xs font-semibold text-brand-700">Recommended</span> : null}
                  </span>
                  <span className="mt-1 block text-sm text-slate-600">{text}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <ul className="mt-6 divide-y divide-slate-100">
          <PlanFeatureToggle
            feature="autoBackup"
            text={settings.mode === "block" ? `Works in Backup mode. ${autoBackupText}` : autoBackupText}
            planType={plan.type}
            checked={settings.autoBackup}
            disabled={settings.mode === "block"}
            lockedByTeam={isLocked(team, "autoBackup")}
            onChange={(autoBackup) => set({ autoBackup })}
          />
          <PlanFeatureToggle
            feature="cloudSync"
            text={`Your backups are on our server for every browser you connect, whatever this switch says. ${SWITCH_CHANGES_NOTHING_YET}`}
            planType={plan.type}
            checked={settings.cloudSync}
            onChange={(cloudSync) => set({ cloudSync })}
          />
          <SmartFeatureToggles planType={plan.type} settings={settings} onChange={(feature, value) => set({ [feature]: value })} />
        </ul>

        <NeverCapturedSites
          key={draft.saved?.neverCapturedSites.join("\n")}
          own={settings.neverCapturedSites}
          teamPolicy={team}
          onChange={(neverCapturedSites) => set({ neverCapturedSites })}
        />

        <p className="mt-6 flex items-start gap-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-600">
          <Smartphone className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          On an Android phone, the TabVault extension in Firefox for Android protects your tabs in one window. An Android app, where this server
          publishes one, needs the Accessibility permission to see the Clear All button and asks for it on first start.
        </p>

        <SaveSettingsBar unsaved={draft.unsaved} saving={draft.saving} onSave={draft.save} />
      </section>

      <section className="mt-6 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <ShieldCheck className="mt-0.5 size-5 text-brand-600" aria-hidden="true" />
          <div>
            <h2 className="font-semibold text-slate-900">{plan.name} Plan</h2>
            <p className="text-sm text-slate-600">
              {plan.limits.tabsPerDay === null ? `Unlimited tabs, saves and emergency backups. ${THINNING_TEXT}.` : `Up to ${plan.limits.tabsPerDay} tabs a day, ${plan.limits.backupsKept} ${plan.limits.backupsKept === 1 ? "backup" : "backups"}.`}
            </p>
          </div>
        </div>
        {plan.type === "premium" ? null : (
          <Button asChild variant="secondary">
            <Link href={`/subscribe?plan=${plan.type === "free" ? "basic" : plan.type === "basic" ? "pro" : "premium"}`}>
              <Crown aria-hidden="true" />
              Upgrade
            </Link>
          </Button>
        )}
      </section>
    </div>
  );
}
