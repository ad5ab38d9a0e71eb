import type { BackupWindowSummary } from "@common/api/backup-pages";
import { EyeOff } from "lucide-react";
import { Badge } from "@/components/ui/badge";

const tabs = (count: number) => `${count.toLocaleString("en-US")} ${count === 1 ? "tab" : "tabs"}`;

/**
 * A backup's windows when one of them has a name (a bookmark folder, a Session Buddy folder) or is private
 * (decision 217): each by its name, else "Window n", with its tab count and a "Private" mark. Nothing for a
 * backup whose windows have neither, as the extension's own backups.
 */
export function BackupWindows({ windows }: { windows: BackupWindowSummary[] }) {
  if (!windows.some((window) => window.name !== null || window.incognito)) return null;
  return (
    <>
      <dt className="text-slate-500">Windows</dt>
      <dd className="text-slate-800">
        <ul aria-label="Windows" className="space-y-0.5">
          {windows.map((window, index) => (
            <li key={index} className="flex flex-wrap items-center gap-2">
              <span className="break-all">{window.name ?? `Window ${index + 1}`}</span>
              <span className="text-slate-500">{tabs(window.tabCount)}</span>
              {window.incognito ? (
                <Badge variant="secondary" title="A private (incognito) window: restored as private where the extension is allowed in private windows">
                  <EyeOff className="size-3" aria-hidden="true" />
                  Private
                </Badge>
              ) : null}
            </li>
          ))}
        </ul>
      </dd>
    </>
  );
}
