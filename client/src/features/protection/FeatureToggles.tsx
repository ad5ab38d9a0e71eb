import type { ProtectionSettings } from "@common/api/protection";
import { type PlanType, plans } from "@common/plan-catalogue";
import { lowestPlanWith, type PlanFeature, planFeatureLabels } from "@common/plan-features";
import { SET_BY_YOUR_TEAM } from "@common/team-policy-text";
import { Loader2, Save } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";

/** One labelled switch of the protection settings, with the plan it needs when the person's plan lacks it. */
export function ToggleRow({
  id,
  label,
  text,
  checked,
  disabled,
  note,
  onChange,
}: {
  id: string;
  label: string;
  text: string;
  checked: boolean;
  disabled: boolean;
  note?: string;
  onChange: (value: boolean) => void;
}) {
  return (
    <li className="flex items-center justify-between gap-4 py-4">
      <div>
        <p id={`${id}-label`} className="font-medium text-slate-900">
          {label}
          {/* The space keeps the label and its note apart in the switch's accessible name. */}
          {note ? " " : null}
          {note ? <span className="ml-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-800">{note}</span> : null}
        </p>
        <p className="text-sm text-slate-600">{text}</p>
      </div>
      <Switch checked={checked} disabled={disabled} onCheckedChange={onChange} aria-labelledby={`${id}-label`} />
    </li>
  );
}

/**
 * A switch for a feature the plan gates. Switching it off is always allowed; switching it
 * on needs a plan that includes it, as the server enforces (server/protection/settings.ts).
 */
export function PlanFeatureToggle({
  feature,
  text,
  planType,
  checked,
  disabled = false,
  lockedByTeam = false,
  onChange,
}: {
  feature: PlanFeature;
  text: string;
  planType: PlanType;
  checked: boolean;
  /** Off limits for another reason too (block mode, a save under way). */
  disabled?: boolean;
  /** Decided by the team's policy (decision 185): shown as "Set by your team", never changed here. */
  lockedByTeam?: boolean;
  onChange: (value: boolean) => void;
}) {
  const included = plans[planType].features[feature];
  return (
    <ToggleRow
      id={feature}
      label={planFeatureLabels[feature]}
      text={text}
      checked={checked}
      disabled={disabled || lockedByTeam || (!included && !checked)}
      note={lockedByTeam ? SET_BY_YOUR_TEAM : included ? undefined : `${lowestPlanWith(feature).name} plan`}
      onChange={onChange}
    />
  );
}

/**
 * Issue 16: spec 2 §5's switches that no code acts on yet are kept (with the settings the apps read) but say so,
 * rather than promise what they do not do.
 */
export const SWITCH_CHANGES_NOTHING_YET = "This switch is kept with your settings and changes nothing yet.";

const smartFeatures: { feature: "smartDetection" | "aiPrediction" | "teamSharing"; text: string }[] = [
  { feature: "smartDetection", text: `${SWITCH_CHANGES_NOTHING_YET} The browser extension watches for lost tabs on every plan.` },
  { feature: "aiPrediction", text: SWITCH_CHANGES_NOTHING_YET },
  // Teams share one backup at a time from the Session Manager (decision 190); nothing reads this switch.
  { feature: "teamSharing", text: `${SWITCH_CHANGES_NOTHING_YET} To share a backup with your team, open it in the Session Manager and choose “Share with your team”.` },
];

/**
 * Smart Detection (not on Free), Prediction (Pro, Premium) and Team Sharing (Premium);
 * shown off until the settings have loaded.
 */
export function SmartFeatureToggles({
  planType,
  settings,
  disabled,
  onChange,
}: {
  planType: PlanType;
  settings: ProtectionSettings | undefined;
  disabled?: boolean;
  onChange: (feature: PlanFeature, value: boolean) => void;
}) {
  return smartFeatures.map(({ feature, text }) => (
    <PlanFeatureToggle
      key={feature}
      feature={feature}
      text={text}
      planType={planType}
      checked={settings?.[feature] ?? false}
      disabled={disabled}
      onChange={(value) => onChange(feature, value)}
    />
  ));
}

/**
 * Save Settings with the rule it follows, said on both settings screens: nothing is kept before
 * it is clicked.
 */
export function SaveSettingsBar({ unsaved, saving, onSave }: { unsaved: boolean; saving: boolean; onSave: () => void }) {
  return (
    <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
      <Button className="w-full sm:w-auto" size="lg" onClick={onSave} disabled={!unsaved || saving}>
        {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
        Save Settings
      </Button>
      <p className="text-sm text-slate-600">
        Changes are kept when you click Save Settings.
        {unsaved ? (
          <>
            {" "}
            <span role="status" className="font-semibold text-amber-800">Not saved yet.</span>
          </>
        ) : null}
      </p>
    </div>
  );
}
