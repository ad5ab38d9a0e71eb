import { BookOpen } from "lucide-react";
import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

export default function DocumentationPage() {
  return (
    <PagePlaceholder icon={BookOpen} eyebrow="Help" title="Documentation">
      <p>Guides to installing TabVault, choosing a protection level (Basic, Advanced or Custom) and fixing common problems, with answers to frequent questions.</p>
    </PagePlaceholder>
  );
}
