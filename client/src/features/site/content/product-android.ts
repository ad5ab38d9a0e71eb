import type { ClientRoute } from "@common/routes";
import { FIREFOX_ANDROID_REDUCED_MODE } from "@common/product";
import { DatabaseBackup, type LucideIcon, RotateCcw, Siren } from "lucide-react";

/** The product page's own navigation (spec 1 §2: Home, Product, Download, Get Started to /subscribe). */
export const productNav: { label: string; href: ClientRoute }[] = [
  { label: "Home", href: "/" },
  { label: "Product", href: "/product" },
  { label: "Download", href: "/download" },
];
export const productGetStarted: { label: string; href: ClientRoute } = { label: "Get Started", href: "/subscribe" };

/**
 * The three feature cards of `/product`: what the browser extension does in Firefox for Android today (issue 16
 * point 3). What the Android app would add is told only while its release is published.
 */
export const androidFeatures: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: DatabaseBackup,
    title: "Backs up every tab",
    text: `In Firefox for Android, the TabVault extension snapshots your open tabs about a second after each change and keeps them in your account, off the phone (in ${FIREFOX_ANDROID_REDUCED_MODE}).`,
  },
  {
    icon: Siren,
    title: "Emergency backup when tabs vanish",
    text: "When three or more tabs close within a second, as Clear All does, the snapshot from just before goes up as an emergency backup, kept whole on every plan.",
  },
  {
    icon: RotateCcw,
    title: "Restores in one tap",
    text: "Open the extension's popup or the Session Manager, pick an emergency backup or a manual save, and your tabs reopen one after another.",
  },
];

/** The three-step how-it-works of `/product`, with the extension. */
export const androidSteps: { title: string; text: string }[] = [
  { title: "Get the extension", text: "Download TabVault for Firefox from the download page and install it as its steps describe." },
  { title: "Connect your account", text: "Tap the TabVault icon, then Connect to TabVault, and confirm with the code the extension shows." },
  { title: "Keep browsing", text: "Your tabs are backed up from then on. After an accidental Clear All, restore them from the popup or the Session Manager." },
];

/** Browsers whose Clear All the Android app recognises (the Clear All Blocker's grid). */
export const androidBrowsers = ["Chrome", "Firefox", "Edge", "Opera", "Samsung Internet", "Brave", "UC Browser", "DuckDuckGo"];
