import { ShieldCheck } from "lucide-react";
import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

export default function SecurityPage() {
  return (
    <PagePlaceholder icon={ShieldCheck} eyebrow="Trust" title="Security & Trust">
      <p>How TabVault keeps your sessions and your account safe: how your data is stored and transmitted, and how to report a security problem to us.</p>
    </PagePlaceholder>
  );
}
