import { Download } from "lucide-react";
import { type ExportFormat, exportFormatLabels, exportFormats } from "@common/api/library";
import { exportUrl } from "./library-api";
import { buttonVariants } from "@/components/ui/button";
import { encryptedTabs } from "@/features/encryption/tab-sealing";
import { cn } from "@/lib/class-names";

/** The one format that carries encrypted tabs, sealed as they are stored (decision 199). */
const carriesSealedTabs: ExportFormat = "tabvault";

/**
 * "Export" on a backup's details: one download link per format (a native disclosure, keyboard and screen-reader
 * friendly). A backup with encrypted tabs offers TabVault JSON only, and says why: the other formats need each
 * tab's title and address, which the server cannot read.
 */
export function ExportMenu({ backupId, sealedTabCount = 0 }: { backupId: string; sealedTabCount?: number }) {
  const formats = sealedTabCount > 0 ? [carriesSealedTabs] : exportFormats;
  return (
    <details className="relative">
      <summary className={cn(buttonVariants({ variant: "outline" }), "list-none [&::-webkit-details-marker]:hidden")}>
        <Download aria-hidden="true" />
        Export
      </summary>
      <div className="absolute left-0 z-10 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-1 shadow-lg">
        <ul aria-label="Export formats">
          {formats.map((format) => (
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
        {sealedTabCount > 0 ? (
          <p className="border-t border-slate-100 px-3 py-2 text-xs leading-5 text-slate-600">
            This backup holds {encryptedTabs(sealedTabCount)}. Only {exportFormatLabels[carriesSealedTabs]} carries them, still encrypted: the other
            formats need titles and addresses TabVault cannot read.
          </p>
        ) : null}
      </div>
    </details>
  );
}
