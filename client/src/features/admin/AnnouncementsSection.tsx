import { ANNOUNCEMENT_LIMITS, createAnnouncement, listAnnouncements } from "@common/api/announcements";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Loader2, Megaphone } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { call, endpointKey, endpointQuery } from "@/lib/api-client";
import { formatDateTime } from "@/lib/dates";
import { errorMessage } from "@/lib/queryClient";
import { toast } from "@/lib/use-toast";

/**
 * The terms promise notice by email before prices, the terms or paid features change: the admin writes it here and
 * every account with a verified address gets it (decision 198). The list says how many emails went out so far.
 */
export function AnnouncementsSection() {
  const queryClient = useQueryClient();
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const sent = useQuery({ ...endpointQuery(listAnnouncements), refetchInterval: (query) => (query.state.data?.some((row) => row.delivered < row.recipients) ? 5_000 : false) });
  const announce = useMutation({
    mutationFn: () => call(createAnnouncement, { body: { subject, body } }),
    onSuccess: (announcement) => {
      setSubject("");
      setBody("");
      toast({ title: "Announcement queued", description: `It goes to ${announcement.recipients} accounts by email over the next minutes.` });
      return queryClient.invalidateQueries({ queryKey: endpointKey(listAnnouncements) });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (window.confirm(`Email "${subject.trim()}" to every account with a verified address?`)) announce.mutate();
  }

  return (
    <section className="mt-10" aria-labelledby="announcements-heading">
      <h2 id="announcements-heading" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
        <Megaphone className="size-5 text-brand-600" aria-hidden="true" />
        Announcements
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Price changes, changes to the terms and to paid plans' features are announced here, by email to every account with a verified address, before
        they take effect.
      </p>
      <form className="mt-4 space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" onSubmit={submit} noValidate>
        <div>
          <Label htmlFor="announcement-subject">Subject</Label>
          <Input id="announcement-subject" className="mt-1" value={subject} maxLength={ANNOUNCEMENT_LIMITS.subjectLength} onChange={(event) => setSubject(event.target.value)} />
        </div>
        <div>
          <Label htmlFor="announcement-body">Announcement</Label>
          <textarea
            id="announcement-body"
            className="mt-1 block min-h-32 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
            value={body}
            maxLength={ANNOUNCEMENT_LIMITS.bodyLength}
            onChange={(event) => setBody(event.target.value)}
          />
          <p className="mt-1 text-xs text-slate-500">A blank line starts a new paragraph.</p>
        </div>
        {announce.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(announce.error, "The announcement could not be sent.")}
          </p>
        ) : null}
        <Button type="submit" disabled={announce.isPending}>
          {announce.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Megaphone aria-hidden="true" />}
          Email every account
        </Button>
      </form>
      <ul className="mt-4 divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm" aria-label="Announcements sent">
        {(sent.data ?? []).map((announcement) => (
          <li key={announcement.id} className="px-4 py-3 text-sm">
            <p className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-semibold text-slate-900">{announcement.subject}</span>
              <time className="text-xs text-slate-500" dateTime={announcement.createdAt}>
                {formatDateTime(announcement.createdAt)}
              </time>
            </p>
            <p className="text-xs text-slate-600">
              By {announcement.createdBy} · emailed to {announcement.delivered} of {announcement.recipients} accounts
            </p>
          </li>
        ))}
        {sent.data && sent.data.length === 0 ? <li className="px-4 py-6 text-center text-slate-500">Nothing announced yet.</li> : null}
      </ul>
    </section>
  );
}
