import { Shield } from "lucide-react";
import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

export default function ProtectionPage() {
  return (
    <PagePlaceholder icon={Shield} eyebrow="Protection" title="Tab Protection">
      <p>An overview of how TabVault protects your tabs, form data and scroll positions on this device.</p>
    </PagePlaceholder>
  );
}
