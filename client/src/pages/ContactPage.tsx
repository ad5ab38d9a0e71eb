import { SUPPORT_EMAIL, SUPPORT_REPLY_HOURS } from "@common/product";
import { Mail } from "lucide-react";
import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

export default function ContactPage() {
  return (
    <PagePlaceholder icon={Mail} eyebrow="Support" title="Contact Us">
      <p>
        Questions about your account, a payment or protection on your device? Send us a message and we reply within{" "}
        {SUPPORT_REPLY_HOURS} hours.
      </p>
      <p>
        Write to{" "}
        <a className="font-medium text-brand-700 underline underline-offset-4" href={`mailto:${SUPPORT_EMAIL}`}>
          {SUPPORT_EMAIL}
        </a>
        ; a contact form will follow on this page.
      </p>
    </PagePlaceholder>
  );
}
