import { SectionCard } from "@/components/ui/section-card";
import { toastFailure } from "@/lib/failure-toast";
import { AUTOMATION_LIMITS, type AutomationRule, type AutomationRuleKind, automationKindNames, type CreateAutomationRule, createAutomationRule, createAutomationRuleSchema, deleteAutomationRule, listAutomationRules, updateAutomationRule } from "@common/api/automation";
import { planHasFeature } from "@common/plan-catalogue";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarClock, Power, Trash2, Workflow } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { PlanGateNotice } from "@/features/payments/PlanGateNotice";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { useAuth } from "@/features/accounts/useAuth";
import { call, endpointKey, endpointQuery } from "@/lib/api-client";
import { errorMessage } from "@/lib/queryClient";
import { toast } from "@/lib/use-toast";

const RULES_KEY = endpointKey(listAutomationRules);

/** A rule in one line, as the list and the extension's popup say it. */
function describeRule(rule: AutomationRule): string {
  const tag = rule.tag ? ` tagged “${rule.tag}”` : "";
  if (rule.kind === "window_close") return `When a window with ${rule.minTabs ?? 0} or more tabs closes, save it as “${rule.backupName ?? ""}”${tag}.`;
  if (rule.kind === "daily") return `Every day at ${rule.time ?? ""} (this browser's time), back up all windows as “${rule.backupName ?? ""}”${tag}.`;
  return "When the browser starts, offer to restore the last session.";
}

function showError(fallback: string) {
  return (error: unknown) => {
    toastFailure(error, fallback);
  };
}

const kinds: AutomationRuleKind[] = ["window_close", "daily", "startup"];

/** The form that makes a rule: its fields checked with the contract's own schema before anything is sent. */
function NewRuleForm({ hasStartupRule, full }: { hasStartupRule: boolean; full: boolean }) {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<AutomationRuleKind>("window_close");
  const [minTabs, setMinTabs] = useState("10");
  const [time, setTime] = useState("18:00");
  const [backupName, setBackupName] = useState("");
  const [tag, setTag] = useState("");
  const [problems, setProblems] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: (body: CreateAutomationRule) => call(createAutomationRule, { body }),
    onSuccess: (rule) => {
      toast({ title: "Rule added", description: describeRule(rule) });
      setBackupName("");
      setTag("");
      void queryClient.invalidateQueries({ queryKey: RULES_KEY });
    },
    onError: showError("The rule could not be added."),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const named = { backupName, tag: tag.trim() === "" ? null : tag };
    const body =
      kind === "window_close"
        ? { kind, minTabs: minTabs.trim() === "" ? Number.NaN : Number(minTabs), ...named }
        : kind === "daily"
          ? { kind, time, ...named }
          : { kind };
    const checked = createAutomationRuleSchema.safeParse(body);
    if (!checked.success) {
      setProblems(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0] ?? "form"), issue.message])));
      return;
    }
    setProblems({});
    create.mutate(checked.data);
  }

  const field = (id: string, label: string, input: ReactNode, hint?: string) => (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`rule-${id}`}>{label}</Label>
      {input}
      {problems[id] ? (
        <p id={`rule-${id}-problem`} className="text-sm text-red-700" role="alert">
          {problems[id]}
        </p>
      ) : hint ? (
        <p className="text-xs text-slate-500">{hint}</p>
      ) : null}
    </div>
  );
  const invalid = (id: string) => ({ "aria-invalid": problems[id] ? true : undefined, "aria-describedby": problems[id] ? `rule-${id}-problem` : undefined });

  return (
    <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4" aria-label="New rule">
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">When</legend>
        <div className="mt-2 flex flex-wrap gap-2" role="radiogroup" aria-label="Kind of rule">
          {kinds.map((value) => (
            <Button
              key={value}
              type="button"
              role="radio"
              aria-checked={kind === value}
              size="sm"
              variant={kind === value ? "default" : "secondary"}
              disabled={value === "startup" && hasStartupRule}
              onClick={() => {
                setKind(value);
                setProblems({});
              }}
            >
              {automationKindNames[value]}
            </Button>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {kind === "window_close"
          ? field(
              "minTabs",
              "Tabs in the window, at least",
              <Input id="rule-minTabs" type="number" inputMode="numeric" min={AUTOMATION_LIMITS.minTabsLeast} max={AUTOMATION_LIMITS.minTabsMost} value={minTabs} onChange={(event) => setMinTabs(event.target.value)} {...invalid("minTabs")} />,
              `From ${AUTOMATION_LIMITS.minTabsLeast} to ${AUTOMATION_LIMITS.minTabsMost}.`,
            )
          : null}
        {kind === "daily"
          ? field("time", "Time of day", <Input id="rule-time" type="time" value={time} onChange={(event) => setTime(event.target.value)} {...invalid("time")} />, "In the time of each browser that runs it.")
          : null}
        {kind !== "startup" ? (
          <>
            {field(
              "backupName",
              "Backup name",
              <Input id="rule-backupName" value={backupName} maxLength={AUTOMATION_LIMITS.backupNameLength + 10} placeholder={kind === "daily" ? "End of day" : "Closed window"} onChange={(event) => setBackupName(event.target.value)} {...invalid("backupName")} />,
            )}
            {field("tag", "Tag (optional)", <Input id="rule-tag" value={tag} placeholder="work" onChange={(event) => setTag(event.target.value)} {...invalid("tag")} />, "Letters, digits, spaces, - and _.")}
          </>
        ) : (
          <p className="text-sm text-slate-600 sm:col-span-2">
            At each browser start, the extension shows a notification and a <span className="font-medium">Restore last session</span> button in its popup for the tabs of your last session that did not come back.
          </p>
        )}
      </div>
      {problems.form ? <p className="text-sm text-red-700" role="alert">{problems.form}</p> : null}
      <div>
        <Button type="submit" disabled={create.isPending || full}>
          Add rule
        </Button>
        {full ? <p className="mt-2 text-sm text-slate-600">You have {AUTOMATION_LIMITS.rulesPerAccount} rules, the most an account keeps: delete one to add another.</p> : null}
      </div>
    </form>
  );
}

function RuleRow({ rule, canChange }: { rule: AutomationRule; canChange: boolean }) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: RULES_KEY });
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => call(updateAutomationRule, { params: { id: rule.id }, body: { enabled } }),
    onSuccess: refresh,
    onError: showError("The rule could not be changed."),
  });
  const remove = useMutation({
    mutationFn: () => call(deleteAutomationRule, { params: { id: rule.id } }),
    onSuccess: () => {
      toast({ title: "Rule deleted", description: describeRule(rule) });
      refresh();
    },
    onError: showError("The rule could not be deleted."),
  });
  const Icon = rule.kind === "daily" ? CalendarClock : rule.kind === "startup" ? Power : Workflow;
  const switchId = `rule-enabled-${rule.id}`;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <Icon className="size-4" aria-hidden="true" />
        </span>
        <div>
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
            {automationKindNames[rule.kind]}
            {rule.tag ? <Badge variant="secondary">{rule.tag}</Badge> : null}
            {!rule.enabled ? <Badge variant="outline">Off</Badge> : null}
          </p>
          <p className="mt-0.5 text-sm text-slate-600">{describeRule(rule)}</p>
        </div>
      </div>
      <div className="flex items-center gap-3 self-end sm:self-auto">
        <div className="flex items-center gap-2">
          <Switch id={switchId} checked={rule.enabled} disabled={!canChange || toggle.isPending} onCheckedChange={(enabled) => toggle.mutate(enabled)} aria-label={`${rule.enabled ? "Turn off" : "Turn on"}: ${describeRule(rule)}`} />
          <Label htmlFor={switchId} className="text-sm text-slate-600">
            {rule.enabled ? "On" : "Off"}
          </Label>
        </div>
        <Button variant="ghost" size="sm" disabled={remove.isPending} onClick={() => remove.mutate()} aria-label={`Delete: ${describeRule(rule)}`}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
    </li>
  );
}

/**
 * `/automation`: workflow automation (decision 180), Premium. Rules are made, listed, switched on
 * and off and deleted here; the connected extension reads them within a minute and runs them. Below Premium the
 * screen says so with the upgrade, and rules made earlier stay listed, off, and deletable.
 */
export default function AutomationPage() {
  const { user } = useAuth();
  const rules = useQuery(endpointQuery(listAutomationRules));
  if (!user) return null;
  const included = planHasFeature(user.planType, "workflowAutomation");
  const list = rules.data?.rules ?? [];

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Automation</h1>
      <p className="mt-2 text-lg text-slate-600">Rules your TabVault browser extension runs for you: backups when a big window closes, a backup every day, your last session offered at start.</p>

      {!included ? (
        <PlanGateNotice feature="workflowAutomation" planType={user.planType} look="warning" className="mt-6" />
      ) : null}

      {included ? (
        <SectionCard id="new-rule-heading" icon={Workflow} title="New rule" className="mt-8">
          <NewRuleForm hasStartupRule={list.some((rule) => rule.kind === "startup")} full={list.length >= AUTOMATION_LIMITS.rulesPerAccount} />
        </SectionCard>
      ) : null}

      <SectionCard id="rules-heading" icon={CalendarClock} title="Your rules" className="mt-8">
        {rules.isPending ? (
          <p className="mt-3 text-sm text-slate-500">Loading…</p>
        ) : rules.isError ? (
          <p className="mt-3 text-sm text-red-700">{errorMessage(rules.error, "Your rules could not be loaded.")}</p>
        ) : list.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">No rules yet.{included ? " Add one above; every browser connected to your account runs it within a minute." : ""}</p>
        ) : (
          <>
            {!included ? <p className="mt-3 text-sm text-slate-600">These rules are kept but do not run on your plan. You can delete them.</p> : null}
            <ul className="mt-2 divide-y divide-slate-100">
              {list.map((rule) => (
                <RuleRow key={rule.id} rule={rule} canChange={included} />
              ))}
            </ul>
          </>
        )}
        <p className="mt-4 border-t border-slate-100 pt-4 text-xs text-slate-500">
          Rules run in every browser connected to your account with the TabVault extension, and only while it runs. A daily backup the browser missed (closed or asleep) runs once when it is next awake.
        </p>
      </SectionCard>
    </div>
  );
}
