import { useCallback } from "react";
import { useLocation } from "wouter";
import { scrollToElement, type SectionId } from "@/lib/sections";

/**
 * Goes to a landing-page section: on `/` it scrolls there smoothly and records the hash; from any other
 * page it navigates to `/#section`, and the landing page scrolls there once it has rendered.
 */
export function useGoToSection(): (id: SectionId) => void {
  const [location, navigate] = useLocation();
  return useCallback(
    (id: SectionId) => {
      if (location === "/" && scrollToElement(id)) {
        window.history.replaceState(window.history.state, "", `/#${id}`);
        return;
      }
      navigate(`/#${id}`);
    },
    [location, navigate],
  );
}
