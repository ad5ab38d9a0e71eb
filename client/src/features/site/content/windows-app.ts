import { AppWindow, FileCheck2, KeyRound, type LucideIcon, ShieldOff } from "lucide-react";

export interface WindowsFeature {
  icon: LucideIcon;
  title: string;
  text: string;
  /** Which plans include it (spec 1 §6: file protection from Basic, app state backup from Pro). */
  plans: string;
}

/** `/windows`: what the Windows app adds (spec 1 §1: file protection and application state backup). */
export const windowsFeatures: WindowsFeature[] = [
  {
    icon: AppWindow,
    title: "Application state backup",
    text: "When a window is closed with its X button, TabVault records the applications you had open, their window titles and the documents each one was working on, so you can see at a glance what to reopen.",
    plans: "Pro and Premium",
  },
  {
    icon: FileCheck2,
    title: "File protection",
    text: "TabVault notes which documents still had unsaved changes when their application closed, and where they are on disk, so nothing slips through when you pick up again.",
    plans: "Basic and up",
  },
  {
    icon: ShieldOff,
    title: "Clear All protection",
    text: "The same choice as on your phone: block the close-all action outright, or let it happen and keep a backup of the session to restore.",
    plans: "Every plan",
  },
  {
    icon: KeyRound,
    title: "One account on every device",
    text: "Connect the app with a device token from your dashboard. Its backups appear in the same Session Manager as your phone's, and you can revoke the token at any time.",
    plans: "Every plan",
  },
];

export const windowsSteps: { title: string; text: string }[] = [
  { title: "Download the installer", text: "Get it from the download page. All it takes is a confirmed email address." },
  { title: "Install it", text: "Run the installer and confirm the administrator prompt." },
  { title: "Connect your account", text: "Under Devices in your dashboard, create a token for this PC and copy it into the app." },
];
