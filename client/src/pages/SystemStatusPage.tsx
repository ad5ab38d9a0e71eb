import { Activity } from "lucide-react";
import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

export default function SystemStatusPage() {
  return (
    <PagePlaceholder icon={Activity} eyebrow="Help" title="System Status">
      <p>The current state of each TabVault service, with recent incidents and how they were resolved.</p>
    </PagePlaceholder>
  );
}
