import { MonitorSmartphone, Smartphone } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { useAppInstallation } from "./useAppInstallation";

/** 'Running as App' / 'Installable as App'; nothing where neither is true. */
export function AppModeBadge({ className }: { className?: string }) {
  const { badge } = useAppInstallation();
  if (!badge) return null;
  const running = badge === "Running as App";
  return (
    <Badge variant={running ? "success" : "secondary"} className={className}>
      {running ? <MonitorSmartphone className="size-3.5" aria-hidden="true" /> : <Smartphone className="size-3.5" aria-hidden="true" />}
      {badge}
    </Badge>
  );
}
