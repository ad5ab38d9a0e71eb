import { Download } from "lucide-react";
import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

export default function DownloadAndroidPage() {
  return (
    <PagePlaceholder icon={Download} eyebrow="Android app" title="Download for Android">
      <p>Download the TabVault app for Android, with step-by-step install instructions and the system requirements.</p>
    </PagePlaceholder>
  );
}
