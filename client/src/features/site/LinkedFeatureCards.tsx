import type { LucideIcon } from "lucide-react";
import { ArrowRight } from "lucide-react";
import { Link } from "wouter";
import { FeatureCard } from "./FeatureCard";

export interface LinkedFeature {
  icon: LucideIcon;
  title: string;
  text: string;
  href: string;
  linkLabel: string;
}

/** A list of feature cards, each ending in a link to the page that tells more. */
export function LinkedFeatureCards({ items, className, headingLevel }: { items: LinkedFeature[]; className: string; headingLevel?: 2 | 3 | 4 }) {
  return (
    <ul className={className}>
      {items.map(({ icon, title, text, href, linkLabel }) => (
        <li key={title}>
          <FeatureCard
            icon={icon}
            title={title}
            headingLevel={headingLevel}
            footer={
              <Link href={href} className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-800">
                {linkLabel}
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            }
          >
            {text}
          </FeatureCard>
        </li>
      ))}
    </ul>
  );
}
