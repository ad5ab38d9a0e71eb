import { History } from "lucide-react";
import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

export default function ChangelogPage() {
  return (
    <PagePlaceholder icon={History} eyebrow="Help" title="Changelog">
      <p>Every TabVault release with its new features, improvements and fixes, newest first.</p>
    </PagePlaceholder>
  );
}
