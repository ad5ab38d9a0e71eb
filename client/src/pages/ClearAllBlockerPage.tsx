import { ShieldOff } from "lucide-react";
import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

export default function ClearAllBlockerPage() {
  return (
    <PagePlaceholder icon={ShieldOff} eyebrow="Protection" title="Clear All Blocker">
      <p>Switch blocking on and TabVault stops your browser's Clear All button from closing your tabs.</p>
      <p>You will see how many attempts were blocked, be able to test the block, and check which browsers are supported.</p>
    </PagePlaceholder>
  );
}
