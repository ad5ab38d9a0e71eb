import type { ClientRoute } from "@common/routes";
import { supportPromiseText } from "@common/plan-catalogue";
import type { Platform } from "@common/api/downloads";
import { extensionPlatformsText, MONEY_BACK_DAYS } from "@common/product";
import { AppWindow, HandCoins, type LucideIcon, MessageSquare, Monitor, Puzzle, ShieldCheck, Smartphone, Trash2 } from "lucide-react";

/** `/about`: why TabVault exists, what it makes, how it works. No invented people or figures. */
export const aboutStory: string[] = [
  "Mobile browsers keep Clear All one tap away from the tabs people actually work in: the train times for tomorrow, a job application half filled in, twenty articles of research for an essay. One slip and they are gone. History gives back addresses at best, never what you typed or how far you had read.",
  "TabVault closes that gap. Its browser extension keeps a running snapshot of every open tab, with the text you typed and your place on the page. The moment tabs disappear it keeps them as an emergency backup, off the device, and one click brings the whole session back.",
];

export interface AboutProduct {
  icon: LucideIcon;
  title: string;
  text: string;
  href: ClientRoute;
  linkLabel: string;
  /** A native app, shown only while its release is published on this server (decision 141). */
  nativeApp?: Platform;
}

export const aboutProducts: AboutProduct[] = [
  {
    icon: Puzzle,
    title: "The TabVault browser extension",
    text: `For ${extensionPlatformsText}. It keeps every tab of every window backed up off the device and puts them back after an accidental close.`,
    href: "/download",
    linkLabel: "Get the extension",
  },
  {
    icon: Smartphone,
    nativeApp: "android",
    title: "TabVault for Android",
    text: "Blocks Clear All in Chrome, Firefox, Samsung Internet and other Android browsers, or backs your tabs up first.",
    href: "/product",
    linkLabel: "About the Android app",
  },
  {
    icon: Monitor,
    nativeApp: "windows",
    title: "TabVault for Windows",
    text: "Adds file protection and backs up the state of your applications when a window is closed by accident.",
    href: "/windows",
    linkLabel: "About the Windows app",
  },
  {
    icon: AppWindow,
    title: "The TabVault web app",
    text: "Your backups, Session Manager and protection settings in any browser, installable on your home screen or desktop.",
    href: "/documentation",
    linkLabel: "Read the documentation",
  },
];

export interface AboutPrinciple {
  icon: LucideIcon;
  title: string;
  text: string;
}

export const aboutPrinciples: AboutPrinciple[] = [
  {
    icon: Trash2,
    title: "Keep only what a restore needs",
    text: `Backups leave out passwords, hidden fields and card numbers on your device. Delete a backup whenever you like; delete your account and its data is gone at once.`,
  },
  {
    icon: HandCoins,
    title: "Plain prices",
    text: `A free plan that needs only an email address, three paid plans billed monthly, and a ${MONEY_BACK_DAYS}-day money-back guarantee. No lock-in.`,
  },
  {
    icon: MessageSquare,
    title: "People who answer",
    text: `Every message to support gets a reply from a person. ${supportPromiseText}`,
  },
  {
    icon: ShieldCheck,
    title: "Honest about security",
    text: "We describe what the service actually does to protect you, and show no badges we have not earned.",
  },
];
