import { CopyMinus, Pencil, Pin, PinOff, Plus, StickyNote, X } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import type { BackupSummary } from "@common/api/backups";
import { ORGANISE_LIMITS, type OrganiseReceipt } from "@common/api/library-organise";
import { BACKUP_LIMITS } from "@common/api/payload-limits";
import { dedupe, organise } from "./organise-api";
import type { OpenedLabels } from "@/features/encryption/label-sealing";
import { useLabelSealing } from "@/features/encryption/useBackupLabels";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/**
 * A backup's name, tags, note and pin, and removing its duplicate tabs (decisions 153–156). Give it a
 * key that changes with the backup's name and note, so the fields start from what was saved. The labels come opened
 * (decision 237); what is changed is sealed for this backup when the account seals titles and addresses.
 */
export function OrganisePanel({
  backup,
  busy,
  run,
}: {
  backup: OpenedLabels<BackupSummary>;
  busy: boolean;
  run: (action: () => Promise<OrganiseReceipt>) => void;
}) {
  const ids = { name: useId(), tag: useId(), note: useId() };
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(backup.sessionName);
  const [tag, setTag] = useState("");
  const [note, setNote] = useState(backup.note ?? "");

  const sealFor = useLabelSealing();
  const change = (body: Parameters<typeof organise>[1]) => run(async () => organise(backup.id, await sealFor(backup.id, body)));
  const submit = (action: () => void) => (event: FormEvent) => {
    event.preventDefault();
    action();
  };

  return (
    <div className="mt-4 space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-3">
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" disabled={busy} onClick={() => setRenaming(!renaming)} aria-expanded={renaming}>
          <Pencil aria-hidden="true" />
          Rename
        </Button>
        <Button variant="outline" size="sm" disabled={busy} onClick={() => change({ pinned: !backup.pinned })}>
          {backup.pinned ? <PinOff aria-hidden="true" /> : <Pin aria-hidden="true" />}
          {backup.pinned ? "Unpin" : "Pin"}
        </Button>
        <Button variant="outline" size="sm" disabled={busy || backup.tabCount < 2} onClick={() => run(() => dedupe([backup.id]))}>
          <CopyMinus aria-hidden="true" />
          Remove duplicate tabs
        </Button>
      </div>
      {backup.labelsLocked ? <p className="text-xs text-slate-600">Locked: this backup&apos;s name, tags or note are encrypted. Unlock on the Account page to read or change them.</p> : null}
      {renaming ? (
        <form className="flex flex-wrap items-end gap-2" onSubmit={submit(() => change({ sessionName: name }))}>
          <div className="min-w-48 flex-1">
            <label htmlFor={ids.name} className="text-xs font-medium text-slate-700">
              Backup name
            </label>
            <Input id={ids.name} value={name} maxLength={BACKUP_LIMITS.backupNameLength} onChange={(event) => setName(event.target.value)} required />
          </div>
          <Button type="submit" size="sm" disabled={busy || name.trim() === ""}>
            Save name
          </Button>
        </form>
      ) : null}
      <div>
        <p className="text-xs font-medium text-slate-700">Tags</p>
        <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="Tags">
          {backup.tags.length === 0 ? <li className="text-xs text-slate-500">No tags yet</li> : null}
          {backup.tags.map((name, index) => (
            <li key={backup.storedTags[index] ?? name}>
              <Badge variant="secondary" className="gap-1 pr-1">
                {name}
                <button type="button" disabled={busy} onClick={() => change({ removeTags: [backup.storedTags[index] ?? name] })} aria-label={`Remove the tag ${name}`} className="rounded-full p-0.5 hover:bg-slate-300">
                  <X className="size-3" aria-hidden="true" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
        <form
          className="mt-2 flex items-center gap-2"
          onSubmit={submit(() => {
            const value = tag.trim();
            if (value) change({ addTags: [value] });
            setTag("");
          })}
        >
          <label htmlFor={ids.tag} className="sr-only">
            New tag
          </label>
          <Input id={ids.tag} value={tag} maxLength={ORGANISE_LIMITS.tagLength} onChange={(event) => setTag(event.target.value)} placeholder="New tag" className="h-8 max-w-48" />
          <Button type="submit" size="sm" variant="secondary" disabled={busy || tag.trim() === ""}>
            <Plus aria-hidden="true" />
            Add tag
          </Button>
        </form>
      </div>
      <form onSubmit={submit(() => change({ note }))}>
        <label htmlFor={ids.note} className="flex items-center gap-1 text-xs font-medium text-slate-700">
          <StickyNote className="size-3.5" aria-hidden="true" /> Note
        </label>
        <textarea
          id={ids.note}
          value={note}
          maxLength={ORGANISE_LIMITS.noteLength}
          onChange={(event) => setNote(event.target.value)}
          rows={2}
          className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
        />
        <Button type="submit" size="sm" variant="secondary" disabled={busy || note === (backup.note ?? "")}>
          Save note
        </Button>
      </form>
    </div>
  );
}
