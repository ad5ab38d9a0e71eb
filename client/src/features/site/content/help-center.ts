import { CreditCard, DatabaseBackup, type LucideIcon, Monitor, Rocket, ShieldCheck, ShieldOff } from "lucide-react";
import type { HelpCategory } from "./help-search";

/** The six categories of `/help-center` (spec 2 §2), each leading to the page that answers it. */
export const helpCategories: (HelpCategory & { icon: LucideIcon; href: string })[] = [
  {
    icon: Rocket,
    title: "Getting Started",
    description: "Install the apps, create your free account and protect your first tabs.",
    href: "/documentation#getting-started",
  },
  {
    icon: ShieldOff,
    title: "Clear All Protection",
    description: "How the blocker recognises Clear All, Block and Backup modes, and the browsers it works with.",
    href: "/documentation#protection-levels",
  },
  {
    icon: DatabaseBackup,
    title: "Backups & Restore",
    description: "Emergency backups, manual saves, what a backup keeps, and restoring a session.",
    href: "/documentation#core-features",
  },
  {
    icon: CreditCard,
    title: "Account & Billing",
    description: "Sign-in links, plans and payments, cancelling a subscription, refunds and the money-back guarantee.",
    href: "/terms#payment",
  },
  {
    icon: Monitor,
    title: "Windows App",
    description: "File protection, application state backup and system requirements for Windows 10 and 11.",
    href: "/windows",
  },
  {
    icon: ShieldCheck,
    title: "Privacy & Security",
    description: "What TabVault stores and never stores, deleting your data, and how your account is protected.",
    href: "/privacy",
  },
];

export type Difficulty = "Beginner" | "Intermediate" | "Advanced";

export const popularArticles: { title: string; difficulty: Difficulty; href: string }[] = [
  { title: "Install TabVault on Android", difficulty: "Beginner", href: "/documentation#install-android" },
  { title: "Choose between Block and Backup mode", difficulty: "Beginner", href: "/documentation#protection-levels" },
  { title: "Ask for a refund under the money-back guarantee", difficulty: "Beginner", href: "/terms#refunds" },
  { title: "Restore a session from an emergency backup", difficulty: "Intermediate", href: "/documentation#core-features" },
  { title: "Why some tabs were left out of a backup", difficulty: "Intermediate", href: "/documentation#faq" },
  { title: "Connect the Windows app with a device token", difficulty: "Advanced", href: "/windows#setup" },
];

