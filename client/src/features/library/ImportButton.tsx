import { useMutation } from "@tanstack/react-query";
import { FileUp, Loader2 } from "lucide-react";
import { useRef } from "react";
import { plans } from "@common/plan-catalogue";
import { importFile, OversizedFileError } from "./library-api";
import { Button } from "@/components/ui/button";
import { toastFailure } from "@/lib/failure-toast";
import { toast } from "@/lib/use-toast";

/** The files the chooser offers first; any file may still be picked (the server recognises the format). */
const accepted = ".json,.txt,.html,.htm,.jsonlz4,.baklz4,text/plain,text/html,application/json";

/** What an import reads and what the plans allow, said before a file is chosen (decision 151). */
export const importHelp =
  `Import a Tab Session Manager or Session Buddy export, OneTab's exported URLs, a bookmarks file, a list of URLs or Firefox's sessionstore.jsonlz4. ` +
  `A file becomes one manual save, whole or not at all: on Free (${plans.free.limits.tabsPerDay} tabs a day) and Basic (${plans.basic.limits.tabsPerDay}) it must fit what is left of the day's allowance; Pro and Premium import files of up to 5,000 tabs.`;

/** "Import" in the Session Manager: a real file chooser, then the new backup is selected. */
export function ImportButton({ onImported }: { onImported: (backupId: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: importFile,
    onSuccess: (receipt) => {
      toast({ title: receipt.duplicate ? "Already imported" : receipt.sessionName, description: receipt.message });
      onImported(receipt.backupId);
    },
    onError: (error) => {
      // A file over the limit is refused here, before it is sent, with the limit in the message (decision 204).
      toastFailure(error, error instanceof OversizedFileError ? error.message : "The file could not be imported.", "Import failed");
    },
  });
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accepted}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) upload.mutate(file);
        }}
      />
      <Button variant="secondary" onClick={() => input.current?.click()} disabled={upload.isPending} title={importHelp}>
        {upload.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <FileUp aria-hidden="true" />}
        {upload.isPending ? "Importing…" : "Import"}
      </Button>
    </>
  );
}
