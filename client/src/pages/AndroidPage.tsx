import { Smartphone } from "lucide-react";
import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

export default function AndroidPage() {
  return (
    <PagePlaceholder icon={Smartphone} eyebrow="Android app" title="Android Dashboard">
      <p>Control protection on your Android phone: switch it on or off, see your statistics and adjust the features your plan includes.</p>
    </PagePlaceholder>
  );
}
