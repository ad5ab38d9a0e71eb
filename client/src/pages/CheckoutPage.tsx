import { ShoppingCart } from "lucide-react";
import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

export default function CheckoutPage() {
  return (
    <PagePlaceholder icon={ShoppingCart} eyebrow="Plans" title="Checkout">
      <p>Signed-in customers will complete a one-time purchase here, with an order summary of what they are buying.</p>
    </PagePlaceholder>
  );
}
