import { Smartphone } from "lucide-react";
import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

export default function ProductPage() {
  return (
    <PagePlaceholder icon={Smartphone} eyebrow="Android app" title="TabVault for Android">
      <p>The Android app watches your browser for a Clear All and either blocks it or backs up your open tabs first.</p>
      <p>This page will walk through its features, how it works in three steps, and the plans.</p>
    </PagePlaceholder>
  );
}
