import { Download } from "lucide-react";
import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

export default function DownloadPage() {
  return (
    <PagePlaceholder icon={Download} eyebrow="Downloads" title="Download TabVault">
      <p>Get the Windows installer and the Android app from one place, with a QR code to open this page on your phone, a link you can copy, and the system requirements of each platform.</p>
    </PagePlaceholder>
  );
}
