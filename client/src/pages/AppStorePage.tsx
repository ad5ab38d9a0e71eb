import { Store } from "lucide-react";
import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

export default function AppStorePage() {
  return (
    <PagePlaceholder icon={Store} eyebrow="Android app" title="TabVault App">
      <p>The app listing for TabVault on Android: an overview, reviews, technical details and the version history.</p>
    </PagePlaceholder>
  );
}
