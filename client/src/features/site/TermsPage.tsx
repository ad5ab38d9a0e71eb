import { FileText } from "lucide-react";
import { LongFormPage } from "./LongFormPage";
import { termsOfService } from "@/features/site/content/terms-of-service";

/** `/terms`: plans, payment and the refund rules. */
export default function TermsPage() {
  return <LongFormPage document={termsOfService} icon={FileText} />;
}
