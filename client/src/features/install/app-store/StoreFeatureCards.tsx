import { sectionCardLook } from "@/components/ui/section-card";
import { Activity, ShieldCheck, Smartphone } from "lucide-react";

const cards = [
  {
    icon: ShieldCheck,
    title: "Advanced Protection",
    text: "Blocks Clear All and close-all shortcuts, or backs up every tab with its form data and scroll position first.",
  },
  {
    icon: Smartphone,
    title: "Mobile Optimized",
    text: "Made for phones: large controls, works with Chrome, Firefox, Edge, Samsung Internet and more, installs in two taps.",
  },
  {
    icon: Activity,
    title: "Real-time Monitoring",
    text: "Sees Clear All the moment it is tapped and counts every blocked attempt, so you know it is working.",
  },
];

/** The store block's three feature cards. */
export function StoreFeatureCards() {
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {cards.map(({ icon: Icon, title, text }) => (
        <li key={title} className={sectionCardLook}>
          <span className="inline-flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
          <p className="mt-1.5 text-sm leading-6 text-slate-600">{text}</p>
        </li>
      ))}
    </ul>
  );
}
