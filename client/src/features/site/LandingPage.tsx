import { lazy, useEffect } from "react";
import { Features } from "@/features/site/landing/Features";
import { FinalCallToAction } from "@/features/site/landing/FinalCallToAction";
import { Hero } from "@/features/site/landing/Hero";
import { InteractiveDemo } from "@/features/site/landing/InteractiveDemo";
import { LoadWhenNear } from "@/features/site/landing/LoadWhenNear";
import { Pricing } from "@/features/site/landing/Pricing";
import { currentHashTarget, scrollToElement } from "@/lib/sections";

// Comparison, devices, testimonials and the dashboard preview: far below the first screen, so not in the
// JavaScript the first screen waits for (the budget in docs/benchmarks.md).
const MoreSections = lazy(() => import("@/features/site/landing/MoreSections"));

/** `/` for visitors and while sign-in state loads. */
export default function LandingPage() {
  // Arriving from another page's "Pricing" link (/#pricing): scroll there once the sections exist.
  useEffect(() => {
    const target = currentHashTarget();
    if (!target) return;
    const frame = window.requestAnimationFrame(() => scrollToElement(target));
    return () => window.cancelAnimationFrame(frame);
  }, []);

  return (
    <>
      <Hero />
      <InteractiveDemo />
      <Features />
      <Pricing />
      <LoadWhenNear placeholderHeight="100vh">
        <MoreSections />
      </LoadWhenNear>
      <FinalCallToAction />
    </>
  );
}
