import { ChevronRight, type LucideIcon, ShieldOff, Sparkles, Table2 } from "lucide-react";
import { Link } from "wouter";

/** 'More from TabVault': the three sample entries, each leading to the part of TabVault it is. */
const apps: { icon: LucideIcon; name: string; text: string; href: string }[] = [
  { icon: Sparkles, name: "TabVault Pro", text: "Unlimited tabs, saves and emergency backups, and charts of your protection.", href: "/subscribe?plan=pro" },
  { icon: ShieldOff, name: "TabVault Shield", text: "The Clear All Blocker on its own, with a one-tap test.", href: "/clear-all-blocker" },
  { icon: Table2, name: "Tab Manager Plus", text: "Browse, restore and delete your saved sessions.", href: "/sessions" },
];

export function MoreApps() {
  return (
    <ul className="grid gap-3 sm:grid-cols-3">
      {apps.map(({ icon: Icon, name, text, href }) => (
        <li key={name}>
          <Link
            href={href}
            className="group flex h-full items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-300 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-brand-500 to-brand-700 text-white">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold text-slate-900">{name}</span>
              <span className="block text-sm text-slate-600">{text}</span>
            </span>
            <ChevronRight className="size-4 shrink-0 text-slate-400 transition group-hover:text-brand-600" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
