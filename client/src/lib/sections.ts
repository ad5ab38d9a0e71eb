/** Sections of the landing page that navigation links can jump to. */
export type SectionId = "features" | "pricing";

export const sectionLinks: { id: SectionId; label: string }[] = [
  { id: "features", label: "Features" },
  { id: "pricing", label: "Pricing" },
];

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Scrolls smoothly to an element on the current page; false when it is not there. */
export function scrollToElement(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  element.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
  return true;
}

/** The element id named by the current URL's hash, or null. */
export function currentHashTarget(): string | null {
  const hash = window.location.hash.slice(1);
  if (!hash) return null;
  try {
    return decodeURIComponent(hash);
  } catch {
    return hash;
  }
}
