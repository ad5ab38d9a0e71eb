import { FlaskConical } from "lucide-react";
import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

export default function ProtectionTestPage() {
  return (
    <PagePlaceholder icon={FlaskConical} eyebrow="Protection" title="Protection Test">
      <p>Check that protection works: simulate a Windows close or an Android Clear All, check the protection status and restore the latest session.</p>
    </PagePlaceholder>
  );
}
