import { Lock } from "lucide-react";
import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

export default function PrivacyPage() {
  return (
    <PagePlaceholder icon={Lock} eyebrow="Legal" title="Privacy Policy">
      <p>How TabVault collects, uses and protects your data, and how you can have your account and its data deleted.</p>
      <p>The full policy will be published on this page.</p>
    </PagePlaceholder>
  );
}
