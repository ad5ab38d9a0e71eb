import { Info } from "lucide-react";
import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

export default function AboutPage() {
  return (
    <PagePlaceholder icon={Info} eyebrow="Company" title="About TabVault">
      <p>TabVault exists so that one mistaken tap on Clear All never costs you hours of research, reading and half-filled forms.</p>
      <p>This page will tell you more about the product and the people who make it.</p>
    </PagePlaceholder>
  );
}
