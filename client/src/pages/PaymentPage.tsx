import { CreditCard } from "lucide-react";
import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

export default function PaymentPage() {
  return (
    <PagePlaceholder icon={CreditCard} eyebrow="Plans" title="Payment">
      <p>This is where you will pay for a Basic, Pro or Premium plan by card, with the plan you picked and its features shown beside the payment form.</p>
    </PagePlaceholder>
  );
}
