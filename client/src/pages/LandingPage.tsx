import { lazy, useEffect } from "react";
import { Features } from "@/components/landing/Features";
import { FinalCallToAction } from "@/components/landing/FinalCallToAction";
import { Hero } from "@/components/landing/Hero";
import { InteractiveDemo } from "@/components/landing/InteractiveDemo";
import { LoadWhenNear } from "@/components/landing/LoadWhenNear";
import { Pricing } from "@/components/landing/Pricing";
import { currentHashTarget, scrollToElement } from "@/lib/sections";

// Comparison, devices, testimonials and the dashboard preview: far below the first screen, so not in the
// JavaScript the first screen waits for (the budget in docs/benchmarks.md).
const MoreSections = lazy(() => import("@/components/landing/MoreSections"));

/** `/` for visitors and while sign-in state loads (spec 1 §2). */
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
