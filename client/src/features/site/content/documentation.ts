import { KDF_ITERATIONS } from "@common/end-to-end-encryption";
import { plans } from "@common/plan-catalogue";
import { ANDROID_REQUIREMENTS, EXTENSION_CHROMIUM_BROWSERS, SIGN_IN_LINK_MINUTES } from "@common/product";
import { EXTENSION_FIREFOX_ANDROID_MIN_VERSION, EXTENSION_FIREFOX_MIN_VERSION, WEB_APP_BROWSERS } from "@common/browser-support";
import type { ClientRoute } from "@common/routes";
import {
  AppWindow,
  DatabaseBackup,
  LifeBuoy,
  type LucideIcon,
  Puzzle,
  Rocket,
  RotateCcw,
  ShieldOff,
  SlidersHorizontal,
} from "lucide-react";
import type { RichText } from "./long-form";
import { androidBrowsers } from "./product-android";

/** The three quick cards at the top of `/documentation`, each jumping to its section. */
export const quickCards: { id: string; icon: LucideIcon; title: string; text: string }[] = [
  { id: "getting-started", icon: Rocket, title: "Getting Started", text: "Add the TabVault extension to your browser, connect it to your account and choose how to protect your tabs." },
  { id: "configuration", icon: SlidersHorizontal, title: "Configuration", text: "Protection levels, automatic backup and the settings that decide what is stored." },
  { id: "troubleshooting", icon: LifeBuoy, title: "Troubleshooting", text: "Answers to common questions, and the browsers TabVault supports." },
];

/** Installing the Android app (the requirement every page states: `ANDROID_REQUIREMENTS`, decision 140). */
/** Getting started with the browser extension: what protects a browser today. */
export const extensionSetupSteps: { title: string; text: RichText }[] = [
  {
    title: "Download the extension",
    text: [
      "Open the ",
      { href: "/download", label: "download page" },
      ` and pick your browser: ${EXTENSION_CHROMIUM_BROWSERS}, or Firefox. Each download is set up to talk to this TabVault.`,
    ],
  },
  {
    title: "Add it to your browser",
    text: "Follow the steps under the download: for Chrome, Edge, Brave and Opera, unzip it and load it on the browser's extensions page with Developer mode on.",
  },
  {
    title: "Connect your account",
    text: [
      "Click the TabVault icon and choose Connect. Sign in on the page that opens and press Connect. No account yet? ",
      { href: "/sign-in", label: "Signing in with your email" },
      " creates a free one.",
    ],
  },
  {
    title: "Keep browsing",
    text: [
      "The extension keeps a snapshot of every tab. When tabs disappear it keeps them as an emergency backup, off this device; bring them back from its popup or the ",
      { href: "/sessions", label: "Session Manager" },
      ".",
    ],
  },
];

/** Installing the Android app, shown only while an operator has published it (decision 141). */
export const installSteps: { title: string; text: RichText }[] = [
  {
    title: "Check your phone",
    text: `TabVault for Android needs ${ANDROID_REQUIREMENTS.join(", ")}.`,
  },
  {
    title: "Download the app",
    text: [
      "On your phone, open the ",
      { href: "/download-android", label: "Android download page" },
      " and tap Download APK. On a computer, the ",
      { href: "/download", label: "download page" },
      " shows a QR code that opens it on your phone.",
    ],
  },
  {
    title: "Install it",
    text: "Open the downloaded file. If Android asks, allow your browser to install unknown apps, then tap Install.",
  },
  {
    title: "Allow the accessibility permission",
    text: "TabVault asks for it on first start. It is how the app sees the Clear All button in your browser and stops it.",
  },
  {
    title: "Connect your account",
    text: [
      "Sign in on the web, open your dashboard and, under Devices, create a token for this phone. Enter it in the app. No account yet? ",
      { href: "/sign-in", label: "Signing in with your email" },
      " creates a free one.",
    ],
  },
  {
    title: "Choose how to protect",
    text: [
      "Pick Block or Backup in ",
      { href: "/protection-settings", label: "Protection Settings" },
      ". Block is on by default.",
    ],
  },
];

/** Core features, each with the screen where it lives. */
export const coreFeatures: { icon: LucideIcon; title: string; text: string; href: ClientRoute; linkLabel: string }[] = [
  {
    icon: ShieldOff,
    title: "Clear All Blocker",
    text: "In TabVault's own pages, stops the close-all shortcuts such as Ctrl+Shift+W before anything closes, and counts every blocked attempt.",
    href: "/clear-all-blocker",
    linkLabel: "Open the blocker",
  },
  {
    icon: DatabaseBackup,
    title: "Session backups",
    text: "Emergency backups when a close-all is caught, manual saves whenever you like, and automatic backups in Backup mode. Each keeps tabs, form entries and scroll positions.",
    href: "/sessions",
    linkLabel: "Open the Session Manager",
  },
  {
    icon: RotateCcw,
    title: "Restore",
    text: "Pick a backup and restore it: tabs reopen one after another, and TabVault pages get their form entries and scroll position back.",
    href: "/sessions",
    linkLabel: "Restore a session",
  },
  {
    icon: SlidersHorizontal,
    title: "Protection Settings",
    text: "The master switch, Block or Backup mode, automatic backup and the features of your plan, saved to your account.",
    href: "/protection-settings",
    linkLabel: "Change settings",
  },
  {
    icon: Puzzle,
    title: "Browser extension",
    text: "Keeps every tab of every window backed up off the device, keeps them as an emergency backup the moment they disappear, and puts them back from its popup.",
    href: "/download",
    linkLabel: "Get the extension",
  },
  {
    icon: AppWindow,
    title: "Installable web app",
    text: "Add TabVault to your home screen or desktop from your browser's menu and open it like any other app.",
    href: "/download",
    linkLabel: "Install options",
  },
];

const planName = (type: keyof typeof plans) => plans[type].name;

/** Protection levels Basic / Advanced / Custom, mapped onto the settings that exist. */
export const protectionLevels: { name: string; summary: string; details: string[]; availability: string }[] = [
  {
    name: "Basic",
    summary: "Block mode. Clear All is stopped before anything closes.",
    details: [
      "Clear All buttons and close-all shortcuts are blocked.",
      "A backup is made only in an emergency: when a close-all is caught, or when you leave a page with typing on it.",
      "The default for every new account.",
    ],
    availability: "Every plan",
  },
  {
    name: "Advanced",
    summary: "Backup mode with Automatic Backup. Clear All works as usual, and your session can always be restored.",
    details: [
      "Your session is backed up automatically while you browse, whenever something changed.",
      "Emergency backups are still made when a close-all is caught.",
      `Older backups rotate out once you reach your plan's limit (${planName("basic")}: ${String(plans.basic.limits.backupsKept)}; ${planName("pro")} and ${planName("premium")}: unlimited).`,
    ],
    availability: `${planName("basic")} and up`,
  },
  {
    name: "Custom",
    summary: "Set each switch yourself in Protection Settings.",
    details: [
      "Mode, Automatic Backup and Cloud Synchronization.",
      `Smart Detection (${planName("basic")} and up), Prediction (${planName("pro")} and up) and Team Sharing (${planName("premium")}): switches saved with your settings that change nothing yet.`,
      "Settings are saved to your account when you press Save Settings.",
    ],
    availability: "Every plan",
  },
];

/** What decides what is stored, and where to change it. */
export const privacySettings: { title: string; text: RichText }[] = [
  { title: "Protection switch", text: "With protection off, TabVault makes no backups and blocks nothing." },
  { title: "Block or Backup", text: "Block mode stores a backup only in an emergency. Backup mode with Automatic Backup keeps your session backed up as you browse." },
  { title: "Automatic Backup", text: "Off by default. Turn it on only if you want regular copies." },
  {
    title: "Fields never stored",
    text: "Passwords (and fields that ever were), hidden fields, fields marked autocomplete=off, untouched defaults and anything that looks like a card number are left out on your device.",
  },
  { title: "Deleting backups", text: [{ href: "/sessions", label: "Delete any backup" }, " in the Session Manager, at any time."] },
  { title: "Connected devices", text: "Revoke an app's token under Devices in your dashboard, and that device can no longer back up to your account." },
  { title: "Data on this device", text: "Your protection choices, blocked count and up to 20 recent pages are kept in your browser. Clearing the site's data removes them." },
  {
    title: "Deleting your account",
    text: ["On your ", { href: "/account", label: "Account page" }, ", ask for a deletion link by email and confirm: everything is deleted at once. The same page exports all your data as a JSON file."],
  },
];

/**
 * The browsers each part of TabVault supports. The extension's are its manifest's minimum versions; the web app's are
 * its build target (`WEB_APP_BROWSERS`); the Android app's are shown only while it is published (`nativeApp`).
 */
export const supportedBrowsers: { heading: string; note: string; browsers: string[]; nativeApp?: "android" }[] = [
  {
    heading: "The extension runs in",
    note: "Current versions of the Chromium browsers; Firefox from the versions named.",
    browsers: [...EXTENSION_CHROMIUM_BROWSERS.split(/, | and /), `Firefox ${EXTENSION_FIREFOX_MIN_VERSION.replace(/\.0$/, "")}`, `Firefox for Android ${EXTENSION_FIREFOX_ANDROID_MIN_VERSION.replace(/\.0$/, "")}`],
  },
  {
    heading: "Web app runs in",
    note: "Current versions, and these or newer.",
    browsers: WEB_APP_BROWSERS.map((browser) => browser.label),
  },
  { heading: "Android app protects", note: "Clear All is recognised in these browsers' tab screens.", browsers: androidBrowsers, nativeApp: "android" },
];

export const faq: { question: string; answer: RichText }[] = [
  {
    question: "Are my backups encrypted?",
    answer:
      `On the way, yes: every connection to TabVault uses HTTPS, so backups travel encrypted. What you type into forms can also be encrypted end to end: set a passphrase on your Account page and the web app seals form entries with AES-256-GCM, under a key made from the passphrase with PBKDF2-SHA-256 (${KDF_ITERATIONS.toLocaleString("en-US")} rounds), before sending them; TabVault stores only the sealed form, cannot read it, and cannot recover it if you lose the passphrase. The browser extension seals them too once you unlock it with the passphrase in its options; until then it leaves them out, and the server never stores plain ones. Titles and addresses are stored readable so TabVault can search, summarise and share them, unless you also choose “Also encrypt titles and addresses” on the Account page: then they are sealed the same way, and search, summaries, duplicate removal, team sharing and exports other than TabVault JSON leave those tabs out. How the database's disks are encrypted depends on where the service is hosted. Passwords, hidden fields and card numbers are never captured at all.`,
  },
  {
    question: "Which browsers are supported?",
    answer: `The extension runs in ${EXTENSION_CHROMIUM_BROWSERS}, and in Firefox on computers and on Android; Chrome on an Android phone is protected through the extension on a computer (see the next question). The web app runs in current versions of Chrome, Edge, Firefox, Safari and Samsung Internet; see the list below.`,
  },
  {
    // Decision 219: the computer's extension reads the phone's tabs through Chrome's own sync.
    question: "How do I protect Chrome on my Android phone?",
    answer: [
      "Chrome for Android runs no extensions, so the TabVault extension in Chrome on a computer protects it: sign in to Chrome with the same Google account on the phone and on the computer, and turn on Open tabs under Sync on both. The extension reads the phone's tabs every minute; when they are all closed, it backs up the last ones as the phone's emergency backup and tells you on the computer. On the phone, open the ",
      { href: "/sessions", label: "Session Manager" },
      " and choose Restore tab by tab: each tap opens the next tab. Firefox for Android runs the extension itself.",
    ],
  },
  {
    question: "Clear All still closed my tabs. What now?",
    answer: [
      "Open the ",
      { href: "/sessions", label: "Session Manager" },
      " and look under Emergency Backups: if the close-all was caught, your tabs are there. Then check that protection is on and in Block mode, and that TabVault's accessibility permission is still on in Android's settings.",
    ],
  },
  {
    question: "Why were only some of my tabs backed up?",
    answer: `Each plan protects a number of different tabs a day: ${planName("free")} ${String(plans.free.limits.tabsPerDay)}, ${planName("basic")} ${String(plans.basic.limits.tabsPerDay)}, ${planName("pro")} and ${planName("premium")} unlimited. The active tab is always kept first, and a manual save tells you how many tabs were left out.`,
  },
  {
    question: "Why are some form fields empty after a restore?",
    answer:
      "Passwords, hidden fields and card numbers are never stored, so you enter them again. Pages of other websites are reopened at their address; whether they show what you had typed depends on that website.",
  },
  {
    question: "My sign-in link does not work.",
    answer: `A link works once, for ${SIGN_IN_LINK_MINUTES} minutes. Ask for a new one from the Sign In button, and check your spam folder if it does not arrive.`,
  },
  {
    question: "How do I cancel or get a refund?",
    answer: [
      "Cancel from your dashboard at any time; your plan stays until the end of the month you paid for. The refund rules, including the money-back guarantee, are in the ",
      { href: "/terms#refunds", label: "Terms of Service" },
      ".",
    ],
  },
];
