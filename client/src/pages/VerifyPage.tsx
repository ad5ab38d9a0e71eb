import { BadgeCheck } from "lucide-react";
import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

export default function VerifyPage() {
  return (
    <PagePlaceholder icon={BadgeCheck} eyebrow="Account" title="Verify Account">
      <p>Enter the email address you signed up with to confirm your TabVault account and see its plan and status.</p>
    </PagePlaceholder>
  );
}
