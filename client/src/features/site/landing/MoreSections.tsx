import { useEffect } from "react";
import { currentHashTarget, scrollToElement } from "@/lib/sections";
import { DashboardPreview } from "./DashboardPreview";
import { DeviceSection } from "./DeviceSection";
import { PlanComparison } from "./PlanComparison";
import { Testimonials } from "./Testimonials";

/** The landing page's sections below pricing: one chunk, loaded as the visitor scrolls towards it. */
export default function MoreSections() {
  // A link to one of these sections (/#devices) arrives before they exist: scroll once they do.
  useEffect(() => {
    const target = currentHashTarget();
    if (target && ["compare", "devices", "testimonials", "dashboard-preview"].includes(target)) scrollToElement(target);
  }, []);

  return (
    <>
      <PlanComparison />
      <DeviceSection />
      <Testimonials />
      <DashboardPreview />
    </>
  );
}
