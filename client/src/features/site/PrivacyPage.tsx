import { Lock } from "lucide-react";
import { LongFormPage } from "./LongFormPage";
import { privacyPolicy } from "@/features/site/content/privacy-policy";

/** `/privacy`: what is stored, the one cookie, Stripe, 30-day deletion, no children under 13. */
export default function PrivacyPage() {
  return <LongFormPage document={privacyPolicy} icon={Lock} />;
}
