import { Monitor } from "lucide-react";
import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

export default function WindowsPage() {
  return (
    <PagePlaceholder icon={Monitor} eyebrow="Windows app" title="TabVault for Windows">
      <p>On Windows, TabVault adds file protection and backs up the state of your applications, so an accidental close does not cost you unsaved work.</p>
    </PagePlaceholder>
  );
}
