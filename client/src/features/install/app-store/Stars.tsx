import { Star } from "lucide-react";
import { cn } from "@/lib/class-names";

/** Five filled stars; the rating is said in text next to them, so they are hidden from screen readers. */
export function Stars({ className }: { className?: string }) {
  return (
    <span aria-hidden="true" className={cn("inline-flex gap-0.5", className)}>
      {[0, 1, 2, 3, 4].map((index) => (
        <Star key={index} className="size-4 fill-amber-400 text-amber-400" />
      ))}
    </span>
  );
}
