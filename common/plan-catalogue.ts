/**
 * The plan catalogue as plain data, without zod, so the client can import it without pulling zod into
 * the landing page's chunks. `common/plans.ts` re-exports all of it together with the zod schemas;
 * server code should keep importing from there.
 */
export const planTypes = ["free", "basic", "pro", "premium"] as const;
export type PlanType = (typeof planTypes)[number];

export const paidPlanTypes = ["basic", "pro", "premium"] as const;
export type PaidPlanType = (typeof paidPlanTypes)[number];

/** The plan chosen when a query names none or an unknown one. */
export const DEFAULT_PAID_PLAN: PaidPlanType = "pro";

/** Reads a plan from a query value: basic, pro or premium, anything else is the default. */
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

/**
 * The bounds within which a backup claimed as an emergency keeps an emergency's rights — stored whole past the
 * day's tabs, never refused for the plan's limits, room made in the storage (decision 209): at most `tabs` of
 * its tabs go past the day's allowance, the first `perDay` emergencies of a UTC day have the rights, and an
 * emergency may take the account's backups at most `overStorageShare` of the plan's storage past it. Past them
 * a backup is stored as a manual save is, under the plan's rules.
 */
export const EMERGENCY_BOUNDS = { tabs: 1000, perDay: 20, overStorageShare: 0.1 } as const;

/** What the browser extension's emergency backup keeps, on every plan (decisions 103, 209). */
export const EVERY_TAB_IN_AN_EMERGENCY = `Every tab kept when tabs close by accident, up to ${EMERGENCY_BOUNDS.tabs.toLocaleString("en-US")} tabs and ${EMERGENCY_BOUNDS.perDay} times a day (browser extension)`;

/**
 * On a plan that keeps a number of backups, an emergency backup from the last `minutes` is never pushed out by a
 * backup of fewer tabs: the smaller one is not stored on the server (an emergency stays in the browser that took
 * it; a save is refused) (decision 207).
 */
export const EMERGENCY_HOLD = { minutes: 60 } as const;

/** Free's and Basic's count of backups, in the words of their cards (decision 207). */
export function keptBackupsBullet(backupsKept: number): string {
  return `${backupsText(backupsKept)}; an emergency backup is never replaced by a smaller one within an hour`;
}

/**
 * How automatic backups are thinned on every plan that has them (decision 208): every one younger than
 * `everyForHours`, then the newest of each UTC hour until `hourlyForDays`, of each UTC day until `dailyForDays`,
 * and of each week (from Monday, UTC) after that. Emergency backups, manual saves and pinned backups are never
 * thinned.
 */
export const AUTOMATIC_BACKUP_THINNING = { everyForHours: 24, hourlyForDays: 7, dailyForDays: 30 } as const;

/** The thinning in the words of the plan cards and the pricing page. */
export const THINNING_TEXT =
  `Automatic backups kept: every one from the last ${AUTOMATIC_BACKUP_THINNING.everyForHours} hours, then one an hour for ` +
  `${AUTOMATIC_BACKUP_THINNING.hourlyForDays} days, one a day for ${AUTOMATIC_BACKUP_THINNING.dailyForDays} days and one a week after that`;

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

/**
 * Support by plan (decision 144): everyone writes through /contact or to the support address;
 * the admin inbox lists paying plans first, and each message shows the time its sender's plan promises a reply by.
 * `priority` orders the inbox (1 first). Pages quote these hours, the server answers the form with them.
 */
export interface PlanSupport {
  replyHours: number;
  priority: number;
}
export const planSupport: Record<PlanType, PlanSupport> = {
  free: { replyHours: 24, priority: 4 },
  basic: { replyHours: 12, priority: 3 },
  pro: { replyHours: 8, priority: 2 },
  premium: { replyHours: 4, priority: 1 },
};

/** "Support replies within 24 hours": a plan's support promise in the words of its card. */
export function supportText(type: PlanType): string {
  return `Support replies within ${planSupport[type].replyHours} hours`;
}


/**
 * Every feature that has ever been sold beside the limits, with the cheapest plan that gets it
 * and whether TabVault does it today. Plan cards, the checkout summary and the comparison list only features
 * whose `available` is true (`plan-catalogue.test.ts` and `PlanScreens.test.tsx` fail otherwise); the others stay
 * here, marked, so that nobody sells them again by accident. Decision 147.
 */
export interface CatalogueFeature {
  /** The words on plan cards and in the comparison. */
  name: string;
  lowest: PlanType;
  available: boolean;
  /** Where it is done, or why it is not on sale. */
  note: string;
}

/** The seats of a Premium team, the owner's included; pending invitations hold one each (decision 196). */
export const PREMIUM_TEAM_SEATS = 10;

export const catalogueFeatureIds = [
  "manualSaves",
  "automaticBackups",
  "backupSummaries",
  "analytics",
  "reports",
  "smartRecovery",
  "tabOrganization",
  "cloudSync",
  "teamManagement",
  "teamInsights",
  "workflowAutomation",
  "windowsFileProtection",
  "windowsAppStateBackup",
  "systemMonitoring",
] as const;
export type CatalogueFeatureId = (typeof catalogueFeatureIds)[number];

export const catalogueFeatures: Record<CatalogueFeatureId, CatalogueFeature> = {
  manualSaves: { name: "Manual saves", lowest: "free", available: true, note: "POST /api/saved-sessions" },
  automaticBackups: { name: "Automatic backups", lowest: "basic", available: true, note: "features.autoBackup; the extension's alarm and the web app's timer" },
  backupSummaries: {
    name: "Backup summaries: sites, topics, duplicates, tabs left unvisited",
    lowest: "basic",
    available: true,
    note: "common/backup-summary.ts, shown in the Session Manager's backup details",
  },
  analytics: {
    name: "Analytics: charts of backups, restores, tabs saved and blocked attempts",
    lowest: "pro",
    available: true,
    note: "GET /api/user/analytics, the dashboard's Analytics section",
  },
  reports: { name: "Reports: your history as CSV or JSON", lowest: "premium", available: true, note: "GET /api/user/history-report" },
  smartRecovery: {
    name: "Smart recovery: the extension skips tabs already open and duplicates, most recently used first",
    lowest: "pro",
    available: true,
    note: "extension/src/smart-recovery.ts, on every restore through the extension (decision 170)",
  },
  tabOrganization: {
    name: "Tab organization: groups suggested by site and topic, opened as tab groups by the extension",
    lowest: "pro",
    available: true,
    note: "common/suggested-groups.ts; the Session Manager's Suggested groups, applied by the extension (decision 172)",
  },
  cloudSync: {
    name: "Open tabs on your other devices",
    lowest: "pro",
    available: true,
    note: "PUT /api/open-tabs from the extension, 'Open on other devices' in the Session Manager (decision 160)",
  },
  teamManagement: {
    name: `Teams of up to ${PREMIUM_TEAM_SEATS} people: invitations, roles, shared backups, a team policy, admin controls and an audit log`,
    lowest: "premium",
    available: true,
    note: "server/teams/, the Team page /team (decision 195)",
  },
  teamInsights: {
    name: "Team insights: each member's tabs protected, emergency backups and restores per week, as charts and CSV",
    lowest: "premium",
    available: true,
    note: "GET /api/team/insights and .csv, the Team page's Insights section (decision 191)",
  },
  workflowAutomation: {
    name: "Workflow automation: rules your extension runs — back up a closing window of N tabs, back up daily at a set time, offer the last session at start",
    lowest: "premium",
    available: true,
    note: "server/automation/ (/api/automation/rules), the web app's /automation, run by extension/src/automation.ts (decision 180)",
  },
  windowsFileProtection: { name: "Windows file protection", lowest: "basic", available: false, note: "the Windows app, not in this repository" },
  windowsAppStateBackup: { name: "Windows app state backup", lowest: "pro", available: false, note: "the Windows app, not in this repository" },
  systemMonitoring: { name: "System monitoring", lowest: "pro", available: false, note: "the Windows app, not in this repository" },
};

/** Whether a plan includes a feature: it is on sale and the plan is its lowest or above. */
export function planHasFeature(type: PlanType, id: CatalogueFeatureId): boolean {
  const feature = catalogueFeatures[id];
  return feature.available && planTypes.indexOf(type) >= planTypes.indexOf(feature.lowest);
}

/** The lowest plan of a feature on sale, for "needs the Pro plan". */
export function lowestPlanOf(id: CatalogueFeatureId): PlanType {
  return catalogueFeatures[id].lowest;
}

/** The features on sale that a plan adds over the plan below it, as its card lists them. */
function featuresNewAt(type: PlanType): string[] {
  return catalogueFeatureIds
    .map((id) => catalogueFeatures[id])
    .filter((feature) => feature.available && feature.lowest === type && type !== "free")
    .map((feature) => feature.name);
}

export const plans: Record<PlanType, Plan> = {
  free: {
    type: "free",
    name: "Free",
    priceCents: 0,
    tagline: "Everything you need to stop losing tabs.",
    // Decision 103: the allowance counts saves; the extension's emergency backup keeps every tab on every plan.
    bullets: [EVERY_TAB_IN_AN_EMERGENCY, "5 tabs a day in your own saves", keptBackupsBullet(1), `${storageText(50 * MB)} of backup storage`, "Manual triggers", "Browser extension for Chrome, Edge, Brave, Opera and Firefox", supportText("free")],
    limits: { tabsPerDay: 5, backupsKept: 1, storageBytes: 50 * MB, pinnedBackups: 1 },
    features: { autoBackup: false, smartDetection: false, aiPrediction: false, teamSharing: false, cloudSync: false },
    androidAppMegabytes: 15,
  },
  basic: {
    type: "basic",
    name: "Basic",
    priceCents: 800,
    tagline: "For everyday browsing on phone and PC.",
    bullets: [EVERY_TAB_IN_AN_EMERGENCY, "20 tabs a day in saves and automatic backups", keptBackupsBullet(10), `${storageText(500 * MB)} of backup storage`, ...featuresNewAt("basic"), supportText("basic")],
    limits: { tabsPerDay: 20, backupsKept: 10, storageBytes: 500 * MB, pinnedBackups: 5 },
    features: { autoBackup: true, smartDetection: true, aiPrediction: false, teamSharing: false, cloudSync: false },
    androidAppMegabytes: 18,
  },
  pro: {
    type: "pro",
    name: "Pro",
    priceCents: 1400,
    tagline: "Unlimited protection across every device.",
    bullets: ["Unlimited tabs, saves and emergency backups", THINNING_TEXT, `${storageText(2 * GB)} of backup storage`, "Everything in Basic", ...featuresNewAt("pro"), supportText("pro")],
    limits: { tabsPerDay: null, backupsKept: null, storageBytes: 2 * GB, pinnedBackups: 50 },
    features: { autoBackup: true, smartDetection: true, aiPrediction: true, teamSharing: false, cloudSync: true },
    androidAppMegabytes: 22,
    mostPopular: true,
  },
  premium: {
    type: "premium",
    name: "Premium",
    priceCents: 2000,
    tagline: "For people whose work lives in their tabs.",
    bullets: ["Everything in Pro", `${storageText(10 * GB)} of backup storage`, ...featuresNewAt("premium"), supportText("premium")],
    limits: { tabsPerDay: null, backupsKept: null, storageBytes: 10 * GB, pinnedBackups: null },
    features: { autoBackup: true, smartDetection: true, aiPrediction: true, teamSharing: true, cloudSync: true },
    androidAppMegabytes: 25,
  },
};

export const planList: Plan[] = planTypes.map((type) => plans[type]);

/** The pages' promise: "We reply within 4 hours on Premium, 8 on Pro, 12 on Basic and 24 on Free." */
export const supportPromiseText = (() => {
  const byPriority = [...planTypes].sort((a, b) => planSupport[a].priority - planSupport[b].priority);
  const parts = byPriority.map((type, index) => `${planSupport[type].replyHours}${index === 0 ? " hours" : ""} on ${plans[type].name}`);
  return `We reply within ${parts.slice(0, -1).join(", ")} and ${parts.at(-1) ?? ""}.`;
})();

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

/** A row for a catalogue feature, or none while it is not on sale. */
function fromCatalogue(id: CatalogueFeatureId): ComparisonRow[] {
  const feature = catalogueFeatures[id];
  if (!feature.available) return [];
  return [fromPlans(feature.name, (plan) => planHasFeature(plan.type, id))];
}

/** A capability every plan from `lowest` upwards includes (spec 1 §6 lists them tier by tier). */
function fromPlan(feature: string, lowest: PlanType): ComparisonRow {
  return fromPlans(feature, (plan) => planTypes.indexOf(plan.type) >= planTypes.indexOf(lowest));
}

/** The landing page's plan comparison, features × the four plans; only what is on sale. */
export const planComparison: ComparisonGroup[] = [
  {
    heading: "Protection",
    rows: [
      fromPlans("Protected tabs a day", (plan) => limitValue(plan.limits.tabsPerDay)),
      fromPlans("Backups kept", (plan) => limitValue(plan.limits.backupsKept)),
      // Decision 208: where the count is unlimited, automatic backups are thinned by age (THINNING_TEXT on Pro's card).
      fromPlans("Automatic backups kept", (plan) => (!plan.features.autoBackup ? false : plan.limits.backupsKept === null ? "Thinned by age" : `Within the ${plan.limits.backupsKept}`)),
      fromPlans("Backup storage", (plan) => storageText(plan.limits.storageBytes)),
      fromPlans("Pinned backups, never rotated out", (plan) => limitValue(plan.limits.pinnedBackups)),
      fromPlan("Clear All blocking", "free"),
      fromPlans("Backups", (plan) => (plan.features.autoBackup ? "Automatic" : "Manual")),
      fromPlan("Browser extension", "free"),
      ...fromCatalogue("cloudSync"),
      ...fromCatalogue("windowsFileProtection"),
      ...fromCatalogue("windowsAppStateBackup"),
      ...fromCatalogue("systemMonitoring"),
    ],
  },
  {
    heading: "Insight into your tabs",
    rows: [
      fromPlan("Dashboard figures and recent events", "free"),
      ...fromCatalogue("backupSummaries"),
      ...fromCatalogue("analytics"),
      ...fromCatalogue("reports"),
      ...fromCatalogue("smartRecovery"),
      ...fromCatalogue("tabOrganization"),
    ],
  },
  {
    heading: "Support",
    rows: [
      ...fromCatalogue("teamManagement"),
      ...fromCatalogue("teamInsights"),
      ...fromCatalogue("workflowAutomation"),
      fromPlans("Support replies within", (plan) => `${planSupport[plan.type].replyHours} h`),
    ],
  },
];

/** "1 backup", "10 backups", or "unlimited saves and emergency backups" (automatic ones are thinned by age, decision 208). */
export function backupsText(backupsKept: number | null): string {
  if (backupsKept === null) return "unlimited saves and emergency backups";
  return `${backupsKept} ${backupsKept === 1 ? "backup" : "backups"}`;
}

/** "1 pinned backup", "5 pinned backups" or "unlimited pinned backups". */
export function pinnedBackupsText(pinned: number | null): string {
  if (pinned === null) return "unlimited pinned backups";
  return `${pinned} pinned ${pinned === 1 ? "backup" : "backups"}`;
}

/** A plan's limits in words: "5 protected tabs a day, 1 backup", or "unlimited tabs, saves and emergency backups". */
export function planLimitsText({ limits }: Plan): string {
  if (limits.tabsPerDay === null && limits.backupsKept === null) return "unlimited tabs, saves and emergency backups";
  const tabs = limits.tabsPerDay === null ? "unlimited tabs" : `${limits.tabsPerDay} protected tabs a day`;
  return `${tabs}, ${backupsText(limits.backupsKept)}`;
}

/** A plan's tab allowance in words: "Up to 5 tabs a day" or "Unlimited tabs". */
export function tabLimitText({ limits }: Plan): string {
  return limits.tabsPerDay === null ? "Unlimited tabs" : `Up to ${limits.tabsPerDay} tabs a day`;
}

/** The cheapest paid plan's monthly price, for "from $8 a month". */
export const lowestPaidPriceCents = Math.min(...paidPlanTypes.map((type) => plans[type].priceCents));

/** Why a plan cannot use a feature, in the words the server answers (403) and the screens show. */
export function catalogueFeatureNeedsPlanMessage(id: CatalogueFeatureId, type: PlanType): string {
  const feature = catalogueFeatures[id];
  const label = feature.name.split(":")[0] ?? feature.name;
  return `${label} needs the ${plans[feature.lowest].name} plan or higher; you are on ${plans[type].name}.`;
}
