import type { ComponentProps } from "react";
import { cn } from "@/lib/class-names";

export function Label({ className, ...props }: ComponentProps<"label">) {
  return <label className={cn("block text-sm font-medium text-slate-800", className)} {...props} />;
}
