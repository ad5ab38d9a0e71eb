/**
 * The plan catalogue as plain data, without zod, so the client can import it without pulling zod into
 * the landing page's chunks. `common/plans.ts` re-exports all of it together with the zod schemas;
 * server code should keep importing from there.
 */
export const planTypes = ["free", "basic", "pro", "premium"] as const;
export type PlanType = (typeof planTypes)[number];

export const paidPlanTypes = ["basic", "pro", "premium"] as const;
export type PaidPlanType = (typeof paidPlanTypes)[number];

/** The plan chosen when a query names none or an unknown one (spec 1 §5). */
export const DEFAULT_PAID_PLAN: PaidPlanType = "pro";

/** Reads a plan from a query value: basic, pro or premium, anything else is the default (spec 1 §5). */
export function paidPlanFromQuery(value: string | null | undefined): PaidPlanType {
  return paidPlanTypes.find((plan) => plan === value) ?? DEFAULT_PAID_PLAN;
}

export interface PlanLimits {
  /** Tabs protected per day; null is unlimited. */
  tabsPerDay: number | null;
  /** Backups kept; older ones rotate out. null is unlimited. */
  backupsKept: number | null;
  /**
   * Bytes of backups the account may store (the tabs, form data and applications as stored, summed over
   * its backups; decision 135). Every plan has one, "unlimited" plans included.
   */
  storageBytes: number;
  /** Backups the person may pin, which rotation never removes (decision 154); null is unlimited. */
  pinnedBackups: number | null;
}

export interface PlanFeatures {
  autoBackup: boolean;
  smartDetection: boolean;
  aiPrediction: boolean;
  teamSharing: boolean;
  cloudSync: boolean;
}

export interface Plan {
  type: PlanType;
  name: string;
  /** Monthly price in cents. */
  priceCents: number;
  tagline: string;
  bullets: string[];
  limits: PlanLimits;
  features: PlanFeatures;
  /**
   * Megabytes the Android app takes on the phone with this plan (spec 2 §9's figures), shown on
   * /download-android's plan cards. Every plan downloads the same APK; the app is not in this repository
   * (docs/product.md, decision 122).
   */
  androidAppMegabytes: number;
  mostPopular?: boolean;
}

/** What the browser extension's emergency backup keeps, on every plan (decision 103). */
export const EVERY_TAB_IN_AN_EMERGENCY = "Every tab kept when tabs close by accident (browser extension)";

/** Storage is counted in decimal units, as the dashboard's "data saved" is (1 MB = 1,000,000 bytes). */
const MB = 1_000_000;
const GB = 1_000_000_000;

/** "50 MB", "2 GB": a storage size in the units the pages use. */
export function storageText(bytes: number): string {
  if (bytes <= 0) return "0 MB";
  if (bytes >= GB) return `${Number((bytes / GB).toFixed(1))} GB`;
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} KB`;
}

export const plans: Record<PlanType, Plan> = {
  free: {
    type: "free",
    name: "Free",
    priceCents: 0,
    tagline: "Everything you need to stop losing tabs.",
    // Decision 103: the allowance counts saves; the extension's emergency backup keeps every tab on every plan.
    bullets: [EVERY_TAB_IN_AN_EMERGENCY, "5 tabs a day in your own saves", "1 backup", `${storageText(50 * MB)} of backup storage`, "Manual triggers", "Android app", "Community support"],
    limits: { tabsPerDay: 5, backupsKept: 1, storageBytes: 50 * MB, pinnedBackups: 1 },
    features: { autoBackup: false, smartDetection: false, aiPrediction: false, teamSharing: false, cloudSync: false },
    androidAppMegabytes: 15,
  },
  basic: {
    type: "basic",
    name: "Basic",
    priceCents: 800,
    tagline: "For everyday browsing on phone and PC.",
    bullets: [EVERY_TAB_IN_AN_EMERGENCY, "20 tabs a day in saves and automatic backups", "10 backups", `${storageText(500 * MB)} of backup storage`, "Basic recovery", "Auto-save", "Windows file protection", "AI content analysis", "Email support"],
    limits: { tabsPerDay: 20, backupsKept: 10, storageBytes: 500 * MB, pinnedBackups: 5 },
    features: { autoBackup: true, smartDetection: true, aiPrediction: false, teamSharing: false, cloudSync: false },
    androidAppMegabytes: 18,
  },
  pro: {
    type: "pro",
    name: "Pro",
    priceCents: 1400,
    tagline: "Unlimited protection across every device.",
    bullets: ["Unlimited tabs and backups", `${storageText(2 * GB)} of backup storage`, "Advanced recovery", "Cloud sync", "AI smart recovery", "AI tab organization", "Priority support"],
    limits: { tabsPerDay: null, backupsKept: null, storageBytes: 2 * GB, pinnedBackups: 50 },
    features: { autoBackup: true, smartDetection: true, aiPrediction: true, teamSharing: false, cloudSync: true },
    androidAppMegabytes: 22,
    mostPopular: true,
  },
  premium: {
    type: "premium",
    name: "Premium",
    priceCents: 2000,
    tagline: "For teams that cannot afford to lose work.",
    bullets: ["Everything in Pro", `${storageText(10 * GB)} of backup storage`, "Team management", "Admin controls", "AI team insights", "AI workflow automation", "24/7 support"],
    limits: { tabsPerDay: null, backupsKept: null, storageBytes: 10 * GB, pinnedBackups: null },
    features: { autoBackup: true, smartDetection: true, aiPrediction: true, teamSharing: true, cloudSync: true },
    androidAppMegabytes: 25,
  },
};

export const planList: Plan[] = planTypes.map((type) => plans[type]);

export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;
}

/** One cell of the plan comparison: included or not, or a short value such as "20" or "Email". */
export type ComparisonValue = boolean | string;

export interface ComparisonRow {
  feature: string;
  values: Record<PlanType, ComparisonValue>;
}

export interface ComparisonGroup {
  heading: string;
  rows: ComparisonRow[];
}

const limitValue = (limit: number | null): string => (limit === null ? "Unlimited" : String(limit));

/** A row whose cell is read from each plan, so limits and feature gates are named once (above). */
function fromPlans(feature: string, value: (plan: Plan) => ComparisonValue): ComparisonRow {
  return { feature, values: Object.fromEntries(planTypes.map((type) => [type, value(plans[type])])) as Record<PlanType, ComparisonValue> };
}

/** A capability every plan from `lowest` upwards includes (spec 1 §6 lists them tier by tier). */
function fromPlan(feature: string, lowest: PlanType): ComparisonRow {
  return fromPlans(feature, (plan) => planTypes.indexOf(plan.type) >= planTypes.indexOf(lowest));
}

/** The landing page's plan comparison (spec 1 §2), features × the four plans, from spec 1 §6 and §9. */
export const planComparison: ComparisonGroup[] = [
  {
    heading: "Protection",
    rows: [
      fromPlans("Protected tabs a day", (plan) => limitValue(plan.limits.tabsPerDay)),
      fromPlans("Backups kept", (plan) => limitValue(plan.limits.backupsKept)),
      fromPlans("Backup storage", (plan) => storageText(plan.limits.storageBytes)),
      fromPlans("Pinned backups, never rotated out", (plan) => limitValue(plan.limits.pinnedBackups)),
      fromPlan("Clear All blocking", "free"),
      fromPlans("Backups", (plan) => (plan.features.autoBackup ? "Automatic" : "Manual")),
      { feature: "Recovery", values: { free: "Manual", basic: "Basic", pro: "Advanced", premium: "Advanced" } },
      fromPlan("Android app", "free"),
      fromPlan("Windows file protection", "basic"),
      fromPlan("Windows app state backup", "pro"),
      fromPlan("System monitoring", "pro"),
      fromPlans("Cloud sync across devices", (plan) => plan.features.cloudSync),
    ],
  },
  {
    heading: "AI features",
    rows: [
      fromPlan("AI content analysis", "basic"),
      fromPlan("AI smart recovery", "pro"),
      fromPlan("AI tab organization", "pro"),
      fromPlan("AI team insights", "premium"),
      fromPlan("AI workflow automation", "premium"),
    ],
  },
  {
    heading: "Teams and support",
    rows: [
      { feature: "Statistics", values: { free: false, basic: "Basic", pro: "Analytics", premium: "Custom reports" } },
      fromPlan("Team management and admin controls", "premium"),
      fromPlan("Custom policies", "premium"),
      { feature: "Support", values: { free: "Community", basic: "Email", pro: "Priority", premium: "24/7" } },
    ],
  },
];

/** "1 backup", "10 backups" or "unlimited backups". */
export function backupsText(backupsKept: number | null): string {
  if (backupsKept === null) return "unlimited backups";
  return `${backupsKept} ${backupsKept === 1 ? "backup" : "backups"}`;
}

/** "1 pinned backup", "5 pinned backups" or "unlimited pinned backups". */
export function pinnedBackupsText(pinned: number | null): string {
  if (pinned === null) return "unlimited pinned backups";
  return `${pinned} pinned ${pinned === 1 ? "backup" : "backups"}`;
}

/** A plan's limits in words: "5 protected tabs a day, 1 backup", or "unlimited tabs and backups". */
export function planLimitsText({ limits }: Plan): string {
  if (limits.tabsPerDay === null && limits.backupsKept === null) return "unlimited tabs and backups";
  const tabs = limits.tabsPerDay === null ? "unlimited tabs" : `${limits.tabsPerDay} protected tabs a day`;
  return `${tabs}, ${backupsText(limits.backupsKept)}`;
}

/** A plan's tab allowance in words: "Up to 5 tabs a day" or "Unlimited tabs". */
export function tabLimitText({ limits }: Plan): string {
  return limits.tabsPerDay === null ? "Unlimited tabs" : `Up to ${limits.tabsPerDay} tabs a day`;
}

/** The cheapest paid plan's monthly price, for "from $8 a month". */
export const lowestPaidPriceCents = Math.min(...paidPlanTypes.map((type) => plans[type].priceCents));
