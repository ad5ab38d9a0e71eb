import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ExternalLink, Globe, Loader2, Lock, Pin, Search } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { getFormEncryption } from "@common/api/encryption";
import { ORGANISE_LIMITS, searchLibrary } from "@common/api/library-organise";
import { highlightParts, isOpenable } from "./organise-api";
import { encryptedTabs } from "@/features/encryption/tab-sealing";
import { useOpenedBackupLabels } from "@/features/encryption/useBackupLabels";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { endpointQuery } from "@/lib/api-client";
import { formatDateTime } from "@/lib/dates";
import { errorMessage } from "@/lib/queryClient";

/** A backup's name as this browser can show it: a sealed one opened with the key, or Locked (decision 237). */
function ShownBackupName({ backupId, sessionName }: { backupId: string; sessionName: string }) {
  const shown = useOpenedBackupLabels({ id: backupId, sessionName, tags: [], note: null });
  return <>{shown?.sessionName ?? "…"}</>;
}

/** The search waits this long after the last key before asking the server. */
const typingPause = 250;

function Highlighted({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlightParts(text, query).map((part, index) =>
        part.match ? (
          <mark key={index} className="rounded-sm bg-amber-200 px-0.5 text-slate-900">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

/** "Search all backups": every backup's tabs by title and URL, best and newest first, 20 at a time (decision 152). */
export function LibrarySearch({ onShowBackup }: { onShowBackup: (backupId: string) => void }) {
  const inputId = useId();
  const [typed, setTyped] = useState("");
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(typed.trim());
      setPage(1);
    }, typingPause);
    return () => clearTimeout(timer);
  }, [typed]);
  const searching = query.split(/\s+/).some((word) => word.length >= ORGANISE_LIMITS.searchMin);
  const results = useQuery({ ...endpointQuery(searchLibrary, { query: { q: query, page } }), enabled: searching, placeholderData: keepPreviousData });
  const encryption = useQuery(endpointQuery(getFormEncryption));

  return (
    <section aria-label="Search all backups" className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-900">
        Search all backups
      </label>
      <div className="relative mt-2">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
        <Input
          id={inputId}
          type="search"
          // Not typing a backup keeps (see BackupsPage's search): no emergency backup of a search when the page is left.
          autoComplete="off"
          value={typed}
          maxLength={ORGANISE_LIMITS.searchMax}
          onChange={(event) => setTyped(event.target.value)}
          placeholder="A word of a tab's title or address, e.g. invoice or github"
          className="pl-9"
        />
      </div>
      {encryption.data?.enabled ? (
        <p className="mt-2 text-xs text-slate-500">
          {encryption.data.sealsTabLocations
            ? "Searches titles and addresses that are not encrypted, on the server. Encrypted tabs, names, tags and notes and your form entries are never searched there: find a backup by its encrypted name, tag or note with “Find by name, tag or note”, which searches in this browser once unlocked."
            : "Searches titles and addresses. Your form entries are end-to-end encrypted and never searched."}
        </p>
      ) : null}
      {typed.trim() && !searching ? <p className="mt-2 text-sm text-slate-500">Type a word of at least {ORGANISE_LIMITS.searchMin} letters.</p> : null}
      {searching ? (
        <div className="mt-3" aria-live="polite">
          {!results.isError && results.data && results.data.encryptedTabsNotSearched > 0 ? (
            <p className="mb-2 flex items-center gap-2 text-sm text-slate-600">
              <Lock className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
              {encryptedTabs(results.data.encryptedTabsNotSearched)} {results.data.encryptedTabsNotSearched === 1 ? "was" : "were"} not searched: their titles
              and addresses are encrypted.
            </p>
          ) : null}
          {results.isError ? (
            <p className="text-sm text-red-700">{errorMessage(results.error, "The search failed.")}</p>
          ) : !results.data ? (
            <p className="flex items-center gap-2 text-sm text-slate-500">
              <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Searching…
            </p>
          ) : results.data.hits.length === 0 ? (
            <p className="text-sm text-slate-500">No tab in your backups matches “{results.data.query}”.</p>
          ) : (
            <>
              <p className="text-sm text-slate-500">
                {results.data.hasMore || page > 1 ? `Page ${page} of the tabs matching “${results.data.query}”` : `${results.data.hits.length} ${results.data.hits.length === 1 ? "tab matches" : "tabs match"} “${results.data.query}”`}
              </p>
              <ul aria-label="Search results" className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200">
                {results.data.hits.map((hit) => (
                  <li key={`${hit.backupId}-${hit.position}`} className="flex items-start gap-3 p-3">
                    {hit.faviconUrl ? (
                      <img src={hit.faviconUrl} alt="" className="mt-0.5 size-4 shrink-0" loading="lazy" referrerPolicy="no-referrer" />
                    ) : (
                      <Globe className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
                    )}
                    <div className="min-w-0 flex-1">
                      {isOpenable(hit.url) ? (
                        <a href={hit.url} target="_blank" rel="noopener noreferrer" className="group inline-flex max-w-full items-center gap-1 font-medium text-slate-900 hover:text-brand-700">
                          <span className="truncate">
                            <Highlighted text={hit.title || hit.url} query={results.data.query} />
                          </span>
                          <ExternalLink className="size-3.5 shrink-0 text-slate-400 group-hover:text-brand-700" aria-hidden="true" />
                        </a>
                      ) : (
                        <p className="truncate font-medium text-slate-900">
                          <Highlighted text={hit.title || hit.url} query={results.data.query} />
                        </p>
                      )}
                      <p className="truncate text-xs text-slate-500">
                        <Highlighted text={hit.url} query={results.data.query} />
                      </p>
                      <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
                        {hit.pinned ? <Pin className="size-3" aria-label="Pinned" /> : null}
                        <button type="button" onClick={() => onShowBackup(hit.backupId)} className="cursor-pointer font-medium text-brand-700 underline-offset-2 hover:underline">
                          In <ShownBackupName backupId={hit.backupId} sessionName={hit.sessionName} />
                        </button>
                        <time dateTime={hit.backupCreatedAt}>{formatDateTime(hit.backupCreatedAt)}</time>
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
              {page > 1 || results.data.hasMore ? (
                <div className="mt-3 flex gap-2">
                  <Button variant="outline" size="sm" disabled={page === 1} onClick={() => setPage(page - 1)}>
                    Previous results
                  </Button>
                  <Button variant="outline" size="sm" disabled={!results.data.hasMore} onClick={() => setPage(page + 1)}>
                    More results
                  </Button>
                </div>
              ) : null}
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}
