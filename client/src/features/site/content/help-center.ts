import { CreditCard, DatabaseBackup, type LucideIcon, Puzzle, Rocket, ShieldCheck, ShieldOff } from "lucide-react";
import type { HelpCategory } from "./help-search";

/** The six categories of `/help-center`, each leading to the page that answers it. */
export const helpCategories: (HelpCategory & { icon: LucideIcon; href: string })[] = [
  {
    icon: Rocket,
    title: "Getting Started",
    description: "Add the browser extension, create your free account and protect your first tabs.",
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
    icon: Puzzle,
    title: "Browser Extension",
    description: "Install it in Chrome, Edge, Brave, Opera or Firefox, connect it, and get back what a closed window took.",
    href: "/download",
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
  { title: "Install the TabVault browser extension", difficulty: "Beginner", href: "/documentation#install-extension" },
  { title: "Choose between Block and Backup mode", difficulty: "Beginner", href: "/documentation#protection-levels" },
  { title: "Ask for a refund under the money-back guarantee", difficulty: "Beginner", href: "/terms#refunds" },
  { title: "Restore a session from an emergency backup", difficulty: "Intermediate", href: "/documentation#core-features" },
  { title: "Why some tabs were left out of a backup", difficulty: "Intermediate", href: "/documentation#faq" },
  { title: "Import sessions from Tab Session Manager, Session Buddy or OneTab", difficulty: "Advanced", href: "/sessions" },
];

