import { Download } from "lucide-react";
import { exportFormatLabels, exportFormats } from "@common/api/library";
import { exportUrl } from "./library-api";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/class-names";

/** "Export" on a backup's details: one download link per format (a native disclosure, keyboard and screen-reader friendly). */
export function ExportMenu({ backupId }: { backupId: string }) {
  return (
    <details className="relative">
      <summary className={cn(buttonVariants({ variant: "outline" }), "list-none [&::-webkit-details-marker]:hidden")}>
        <Download aria-hidden="true" />
        Export
      </summary>
      <ul className="absolute left-0 z-10 mt-2 w-60 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-1 shadow-lg" aria-label="Export formats">
        {exportFormats.map((format) => (
          <li key={format}>
            <a
              href={exportUrl(backupId, format)}
              download
              // The download starts; the menu closes, as a menu does once an item is chosen.
              onClick={(event) => event.currentTarget.closest("details")?.removeAttribute("open")}
              className="block rounded-lg px-3 py-2 text-sm text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none">
              {exportFormatLabels[format]}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
