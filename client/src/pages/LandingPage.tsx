import { useEffect } from "react";
import { Features } from "@/components/landing/Features";
import { FinalCallToAction } from "@/components/landing/FinalCallToAction";
import { Hero } from "@/components/landing/Hero";
import { Pricing } from "@/components/landing/Pricing";
import { currentHashTarget, scrollToElement } from "@/lib/sections";

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
      <Features />
      <Pricing />
      <FinalCallToAction />
    </>
  );
}
