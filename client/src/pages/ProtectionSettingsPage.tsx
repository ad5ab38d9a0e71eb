import { SlidersHorizontal } from "lucide-react";
import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

export default function ProtectionSettingsPage() {
  return (
    <PagePlaceholder icon={SlidersHorizontal} eyebrow="Protection" title="Protection Settings">
      <p>Choose whether TabVault blocks Clear All or backs your session up instead, and set up automatic backup and cloud sync.</p>
    </PagePlaceholder>
  );
}
