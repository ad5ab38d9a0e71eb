import { FileText } from "lucide-react";
import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

export default function TermsPage() {
  return (
    <PagePlaceholder icon={FileText} eyebrow="Legal" title="Terms of Service">
      <p>The terms that apply when you use TabVault and buy a plan, including billing and refunds.</p>
      <p>The full terms will be published on this page.</p>
    </PagePlaceholder>
  );
}
