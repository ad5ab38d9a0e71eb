import type { PagedTab } from "@common/api/backup-pages";
import { useQueries } from "@tanstack/react-query";
import { sealedFormDataOf } from "@common/end-to-end-encryption";
import { FormInput, MoveVertical } from "lucide-react";
import { useCallback, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { errorMessage } from "@/lib/queryClient";
import { pagesToRead, TAB_PAGE_SIZE, tabPageQuery } from "./backup-api";
import { VirtualList } from "./VirtualList";
import { EncryptedFormValues } from "@/features/encryption/EncryptedFormValues";
import { EncryptedMark, EncryptedTabHint, isReadable, shownTitle, TabIcon } from "@/features/encryption/EncryptedTab";
import { useShownLocation } from "@/features/encryption/useTabLocation";

/** Every tab's row is this tall (title, address, one line of what was typed and read), so scrolling never jumps. */
const TAB_ROW_HEIGHT = 76;

/**
 * A backup's tabs, however many: drawn a screen at a time, each page of 100 read from
 * `GET /api/saved-sessions/:id/tabs` when its rows come near the screen (decisions 165, 166). Dragging
 * the scroll bar to the end reads the last page only, not every page before it.
 */
export function BackupTabList({ backupId, tabCount }: { backupId: string; tabCount: number }) {
  const [range, setRange] = useState<[number, number]>([0, 0]);
  const onRangeChange = useCallback((first: number, last: number) => setRange([first, last]), []);
  const pageNumbers = pagesToRead(...range);
  const pages = useQueries({
    queries: pageNumbers.map((page) => tabPageQuery(backupId, page)),
  });
  const pageOf = new Map(pageNumbers.map((page, at) => [page, pages[at]!]));
  const total = pageOf.get(0)?.data?.total ?? tabCount;

  const renderRow = (index: number) => {
    const page = pageOf.get(Math.floor(index / TAB_PAGE_SIZE));
    const tab = page?.data?.tabs[index % TAB_PAGE_SIZE];
    if (tab) return <TabRow tab={tab} />;
    return (
      <p className="flex h-full items-center px-3 text-sm text-slate-400">
        {page?.isError ? `Tab ${index + 1} could not be read: ${errorMessage(page.error, "try again")}` : `Loading tab ${index + 1}…`}
      </p>
    );
  };

  return (
    <>
      <h3 className="mt-6 text-sm font-semibold text-slate-900">Tabs ({total})</h3>
      <VirtualList
        label="Tabs"
        focusable
        rowCount={total}
        rowHeight={TAB_ROW_HEIGHT}
        measureRows={false}
        rowKey={(index) => index}
        renderRow={renderRow}
        onRangeChange={onRangeChange}
        className="mt-2 max-h-[32rem] rounded-xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-500"
        listClassName="divide-y divide-slate-100"
      />
    </>
  );
}

/**
 * One saved tab: its title and address (opened with this browser's key when encrypted, decision 199), and on one
 * line what was typed and how far it was read.
 */
function TabRow({ tab }: { tab: PagedTab }) {
  const location = useShownLocation(tab);
  const readable = isReadable(location);
  const sealed = sealedFormDataOf(tab.formData) !== null;
  const fields = sealed ? [] : Object.entries(tab.formData);
  const typed = fields.map(([name, value]) => `${name} = “${value.length > 60 ? `${value.slice(0, 60)}…` : value}”`).join(", ");
  return (
    <div className="flex h-full items-center gap-3 px-3">
      <TabIcon location={location} />
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 font-medium text-slate-900">
          <span className={readable ? "truncate" : "truncate text-slate-600"}>{shownTitle(location)}</span>
          {location?.state === "opened" ? <EncryptedMark /> : null}
          {tab.isActive ? <Badge variant="success">Active</Badge> : null}
        </p>
        <p className="truncate text-xs text-slate-500">{readable ? location.url : <EncryptedTabHint location={location} />}</p>
        {sealed || fields.length > 0 || tab.scrollPosition.y > 0 ? (
          <p className="flex min-w-0 items-center gap-3 text-xs text-slate-600" title={typed || undefined}>
            {sealed ? <EncryptedFormValues formData={tab.formData} page={readable ? location.url : null} /> : null}
            {fields.length > 0 ? (
              <span className="flex min-w-0 items-center gap-1.5">
                <FormInput className="size-3.5 shrink-0 text-brand-600" aria-hidden="true" />
                <span className="truncate">Form values: {typed}</span>
              </span>
            ) : null}
            {tab.scrollPosition.y > 0 ? (
              <span className="flex shrink-0 items-center gap-1.5">
                <MoveVertical className="size-3.5 shrink-0 text-brand-600" aria-hidden="true" />
                Scroll position: {tab.scrollPosition.y}px down
              </span>
            ) : null}
          </p>
        ) : null}
      </div>
    </div>
  );
}
