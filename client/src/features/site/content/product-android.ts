import type { ClientRoute } from "@common/routes";
import { DatabaseBackup, type LucideIcon, RotateCcw, ShieldOff } from "lucide-react";

/** The product page's own navigation (spec 1 §2: Home, Product, Download, Get Started to /subscribe). */
export const productNav: { label: string; href: ClientRoute }[] = [
  { label: "Home", href: "/" },
  { label: "Product", href: "/product" },
  { label: "Download", href: "/download" },
];
export const productGetStarted: { label: string; href: ClientRoute } = { label: "Get Started", href: "/subscribe" };

/** The three feature cards of `/product`. */
export const androidFeatures: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: ShieldOff,
    title: "Stops Clear All",
    text: "Through Android's accessibility service, TabVault sees your browser's tab screen and stops a tap on Clear All, Close all tabs and their equivalents in 20+ languages before a single tab closes.",
  },
  {
    icon: DatabaseBackup,
    title: "Backs up the whole session",
    text: "Rather let Clear All through? TabVault keeps a backup of your open tabs with the text you typed into forms and how far you had scrolled. Passwords and card numbers are never kept.",
  },
  {
    icon: RotateCcw,
    title: "Restores in one tap",
    text: "Open the Session Manager, pick an emergency backup or a manual save, and your tabs reopen one after another.",
  },
];

/** The three-step how-it-works of `/product`. */
export const androidSteps: { title: string; text: string }[] = [
  { title: "Install the app", text: "Download TabVault for Android and open the file. Android asks once whether your browser may install apps." },
  { title: "Allow the accessibility permission", text: "TabVault asks for it on first start. It is how the app sees the Clear All button in your browser and stops it." },
  { title: "Choose Block or Backup", text: "Block stops Clear All outright. Backup lets it happen and keeps a copy to restore. Switch any time in Protection Settings." },
];

/** Browsers whose Clear All the Android app recognises (spec 2 §2, the Clear All Blocker's grid). */
export const androidBrowsers = ["Chrome", "Firefox", "Edge", "Opera", "Samsung Internet", "Brave", "UC Browser", "DuckDuckGo"];
