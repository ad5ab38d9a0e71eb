import { Sparkles } from "lucide-react";
import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

export default function SubscribePage() {
  return (
    <PagePlaceholder icon={Sparkles} eyebrow="Plans" title="Upgrade Your Plan">
      <p>Signed-in customers will start a monthly Basic, Pro or Premium subscription here, with an order summary of the plan they chose.</p>
    </PagePlaceholder>
  );
}
