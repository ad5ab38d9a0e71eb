import { sectionCardLook } from "@/components/ui/section-card";
import { toastFailure, fallbackOnly } from "@/lib/failure-toast";
import { getProtectionStatus, getUserStats } from "@common/api/backups";
import { toggleProtection } from "@common/api/protection";
import { type PlanFeatures, planLimitsText, plans, type PlanType } from "@common/plan-catalogue";
import { planFeatureLabels } from "@common/plan-features";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BarChart3, Check, Crown, Lock, Settings2, Shield, Smartphone, Sparkles } from "lucide-react";
import { Link } from "wouter";
import { AppModeBadge } from "@/features/install/AppModeBadge";
import { InstallCard } from "@/features/install/InstallCard";
import { AndroidClearAllDemo } from "./AndroidClearAllDemo";
import { SaveSettingsBar, SmartFeatureToggles } from "./FeatureToggles";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useAuth } from "@/features/accounts/useAuth";
import { loginHref } from "@/features/accounts/sign-in-links";
import { call, endpointQuery } from "@/lib/api-client";
import { adoptProtectionSettings } from "./protection-state";
import { useLocalProtection } from "./useLocalProtection";
import { useSettingsDraft } from "./useSettingsDraft";
import { formatDate } from "@/lib/dates";
import { ProtectionToday } from "@/features/downloads/ProtectionToday";

const features: { key: keyof PlanFeatures | null; label: string }[] = [
  { key: null, label: "Clear All blocking" },
  { key: "autoBackup", label: "Automatic backup" },
  { key: "smartDetection", label: "Smart Detection" },
  { key: "aiPrediction", label: planFeatureLabels.aiPrediction },
  { key: "cloudSync", label: "Cross-device sync" },
  { key: "teamSharing", label: "Team Sharing" },
];

/** `/android`: the Android dashboard. */
export default function AndroidPage() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const statusQuery = endpointQuery(getProtectionStatus, { params: { userEmail: user?.email ?? "" } });
  const status = useQuery({ ...statusQuery, enabled: Boolean(user) });
  const stats = useQuery({ ...endpointQuery(getUserStats), enabled: Boolean(user) });
  const plan = plans[user?.planType ?? "free"];

  const protection = useLocalProtection();

  // The switch flips only once the server has agreed, and then on every screen (protection-state.ts).
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => call(toggleProtection, { body: { enabled } }),
    onSuccess: (result) => adoptProtectionSettings(queryClient, { enabled: result.enabled, mode: result.mode }),
    onError: (error) => {
      toastFailure(error, "Failed to toggle protection", "Error", fallbackOnly);
    },
  });

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight text-slate-900">
            <Smartphone className="size-7 text-brand-600" aria-hidden="true" />
            Android Dashboard
          </h1>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-slate-600">
            Your phone's protection at a glance.
            <AppModeBadge />
          </p>
        </div>
        {user ? (
          <label className="flex items-center gap-3">
            <span id="android-toggle" className="font-medium text-slate-900">
              {protection.enabled ? "Protection on" : "Protection off"}
            </span>
            <Switch
              size="lg"
              checked={protection.enabled}
              disabled={toggle.isPending}
              onCheckedChange={(value) => toggle.mutate(value)}
              aria-labelledby="android-toggle"
            />
          </label>
        ) : (
          <Button asChild>
            <a href={loginHref(undefined, "/android")}>Sign in to manage protection</a>
          </Button>
        )}
      </div>

      <ProtectionToday platform="android" className="mt-6" />
      <InstallCard variant="minimal" className="mt-6" />

      <Tabs defaultValue="protection" className="mt-8">
        <TabsList aria-label="Android dashboard">
          <TabsTrigger value="protection"><Shield aria-hidden="true" />Protection</TabsTrigger>
          <TabsTrigger value="features"><Sparkles aria-hidden="true" />Features</TabsTrigger>
          <TabsTrigger value="settings"><Settings2 aria-hidden="true" />Settings</TabsTrigger>
          <TabsTrigger value="analytics"><BarChart3 aria-hidden="true" />Analytics</TabsTrigger>
        </TabsList>
        <TabsContent value="protection">
          <div className="grid gap-4 sm:grid-cols-3">
            <Tile label="Backups saved" value={status.data?.sessionCount ?? "—"} />
            <Tile label="Clear All blocked" value={stats.data?.blockedAttempts ?? "—"} />
            <Tile label="Last backup" value={status.data?.lastBackup ? formatDate(status.data.lastBackup) : "—"} />
          </div>
          <AndroidClearAllDemo />
        </TabsContent>
        <TabsContent value="features">
          <ul className="grid gap-3 sm:grid-cols-2">
            {features.map((feature) => {
              const included = feature.key === null || plan.features[feature.key];
              return (
                <li key={feature.label} className="flex items-center justify-between rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                  <span className="font-medium text-slate-900">{feature.label}</span>
                  {included ? (
                    <Badge variant="success"><Check className="size-3" aria-hidden="true" />Included</Badge>
                  ) : (
                    <Badge variant="outline"><Lock className="size-3" aria-hidden="true" />Upgrade</Badge>
                  )}
                </li>
              );
            })}
          </ul>
        </TabsContent>
        <TabsContent value="settings">
          <AndroidSettings signedIn={Boolean(user)} planType={plan.type} />
        </TabsContent>
        <TabsContent value="analytics">
          <div className="grid gap-4 sm:grid-cols-3">
            <Tile label="Tabs protected" value={stats.data?.protectedTabs ?? "—"} />
            <Tile label="Data saved" value={stats.data?.dataSaved ?? "—"} />
            <Tile label="Days active" value={stats.data?.daysActive ?? "—"} />
          </div>
        </TabsContent>
      </Tabs>
    </div>
  );
}

function Tile({ label, value }: { label: string; value: string | number }) {
  return (
    <div className={sectionCardLook}>
      <p className="text-sm text-slate-500">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
    </div>
  );
}

/**
 * The plan-gated settings, kept like the protection settings page's: only when Save Settings
 * is clicked, through the settings API, which enforces the plan.
 */
function AndroidSettings({ signedIn, planType }: { signedIn: boolean; planType: PlanType }) {
  const plan = plans[planType];
  const draft = useSettingsDraft(signedIn);

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <p className="text-slate-700">
        You are on the <strong>{plan.name}</strong> plan:{" "}
        {planLimitsText(plan)}.
      </p>
      <ul className="mt-2 divide-y divide-slate-100" aria-label="Plan features">
        <SmartFeatureToggles
          planType={planType}
          settings={draft.settings}
          disabled={!draft.settings || draft.saving}
          onChange={(feature, value) => draft.change({ [feature]: value })}
        />
      </ul>
      <SaveSettingsBar unsaved={draft.unsaved} saving={draft.saving} onSave={draft.save} />
      <div className="mt-4 flex flex-wrap gap-3">
        {signedIn ? (
          <Button asChild variant="secondary">
            <Link href="/protection-settings">All protection settings</Link>
          </Button>
        ) : (
          <Button asChild>
            <a href={loginHref(undefined, "/android")}>Sign in to change settings</a>
          </Button>
        )}
        {plan.type === "premium" ? null : (
          <Button asChild variant="outline">
            <Link href="/subscribe">
              <Crown aria-hidden="true" />
              Upgrade
            </Link>
          </Button>
        )}
      </div>
    </div>
  );
}
