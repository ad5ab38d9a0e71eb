import type { MouseEvent, ReactNode } from "react";
import { useGoToSection } from "@/lib/useGoToSection";
import type { SectionId } from "@/lib/sections";

/** A link to a landing-page section that scrolls on `/` and navigates to `/#section` elsewhere. */
export function SectionLink({
  section,
  className,
  children,
  onNavigate,
}: {
  section: SectionId;
  className?: string;
  children: ReactNode;
  /** Called after a plain click, e.g. to close the mobile menu. */
  onNavigate?: () => void;
}) {
  const goToSection = useGoToSection();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Let the browser handle new-tab and new-window clicks.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (onNavigate) {
      onNavigate();
      // Wait a frame so a closing dialog releases its scroll lock before we scroll.
      window.requestAnimationFrame(() => goToSection(section));
    } else {
      goToSection(section);
    }
  };
  return (
    <a href={`/#${section}`} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
