import { LayoutDashboard } from "lucide-react";
import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

export default function AdminPage() {
  return (
    <PagePlaceholder icon={LayoutDashboard} eyebrow="Staff" title="Admin Dashboard">
      <p>For TabVault staff: user, revenue and download figures, the payments table with CSV export, and the system log.</p>
    </PagePlaceholder>
  );
}
