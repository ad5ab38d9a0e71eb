import type { ComponentProps } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** The labelled email input every account and download form uses (spec 1 §5: required, type email). */
export function EmailField({ id, label = "Email address", ...input }: { id: string; label?: string } & Omit<ComponentProps<"input">, "id" | "type">) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="email" autoComplete="email" inputMode="email" required placeholder="you@example.com" {...input} />
    </div>
  );
}
