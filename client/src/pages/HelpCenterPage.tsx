import { LifeBuoy } from "lucide-react";
import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

export default function HelpCenterPage() {
  return (
    <PagePlaceholder icon={LifeBuoy} eyebrow="Help" title="Help Center">
      <p>Search help topics by category, browse popular articles from beginner to advanced, and find your way to downloads, documentation and support.</p>
    </PagePlaceholder>
  );
}
