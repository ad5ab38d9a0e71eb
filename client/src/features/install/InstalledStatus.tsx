import { CheckCircle2 } from "lucide-react";
import { cn } from "@/lib/class-names";

/** Where an Install button stood: TabVault is already installed (running as an app, or installed this visit). */
export function InstalledStatus({ size = "default", className }: { size?: "sm" | "default" | "lg"; className?: string }) {
  return (
    <span
      role="status"
      className={cn(
        "inline-flex items-center justify-center gap-2 rounded-lg bg-emerald-50 font-semibold whitespace-nowrap text-emerald-800 ring-1 ring-inset ring-emerald-200",
        size === "sm" ? "h-9 px-3 text-sm" : size === "lg" ? "h-12 px-6 text-base" : "h-10 px-4 text-sm",
        className,
      )}
    >
      <CheckCircle2 className="size-4 text-emerald-600" aria-hidden="true" />
      Installed
    </span>
  );
}
