import { Layers } from "lucide-react";
import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

export default function SessionsPage() {
  return (
    <PagePlaceholder icon={Layers} eyebrow="Protection" title="Session Manager">
      <p>Your saved sessions, emergency backups and manual saves in one list: open one to see its tabs and restore the whole session.</p>
    </PagePlaceholder>
  );
}
