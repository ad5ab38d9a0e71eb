import { type FormEncryption, setTabLocationSealing } from "@common/api/encryption";
import { useMutation } from "@tanstack/react-query";
import { Lock, TriangleAlert } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { call } from "@/lib/api-client";
import { toast } from "@/lib/use-toast";
import { type EncryptionOn, encryptionProblem, Problem } from "./encryption-form-parts";

/**
 * "Also encrypt titles and addresses" (decision 199): the account's choice, from then on. Turning it on first says
 * plainly what stops working and that a lost passphrase then loses the tabs themselves; turning it off is at once.
 */
export function TabLocationSealing({ encryption, onChanged }: { encryption: EncryptionOn; onChanged: (answer: FormEncryption) => void }) {
  const [confirming, setConfirming] = useState(false);
  const switchId = useId();
  const warningId = useId();
  const on = encryption.sealsTabLocations;
  const choose = useMutation({
    mutationFn: (seal: boolean) => call(setTabLocationSealing, { body: { seal } }),
    onSuccess: (answer, seal) => {
      onChanged(answer);
      setConfirming(false);
      toast(
        seal
          ? { title: "Titles and addresses are encrypted", description: "Tabs this browser backs up from now on are sealed whole before they leave it." }
          : { title: "Titles and addresses are readable again", description: "Tabs sent from now on are stored readable; those already encrypted stay so." },
      );
    },
  });
  const working = choose.isPending;

  return (
    <div className="space-y-3 rounded-xl border border-slate-200 p-4" role="group" aria-label="Titles and addresses">
      <div className="flex items-start justify-between gap-4">
        <div>
          <Label htmlFor={switchId} className="text-sm font-medium text-slate-900">
            Also encrypt titles and addresses
          </Label>
          <p className="mt-1">
            {on
              ? "On: every tab's title, address and icon is sealed with your key before it leaves your browsers. TabVault stores only ciphertext."
              : "Off: TabVault can read your tabs' titles and addresses, so it can search, summarise and share them."}
          </p>
        </div>
        <Switch
          id={switchId}
          checked={on}
          disabled={working}
          aria-describedby={confirming ? warningId : undefined}
          // Off to on goes through the warning first; on to off is at once.
          onCheckedChange={() => (on ? choose.mutate(false) : setConfirming(!confirming))}
        />
      </div>
      {confirming && !on ? (
        <div id={warningId} className="space-y-3 rounded-xl border border-amber-200 bg-amber-50 p-3 text-amber-950">
          <div className="flex gap-3">
            <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
            <div className="space-y-2">
              <p className="font-medium">Before you turn this on:</p>
              <ul className="list-disc space-y-1 pl-5">
                <li>Search, backup summaries, duplicate removal and team sharing do not work on encrypted tabs, and they export only as TabVault JSON.</li>
                <li>Files cannot be imported while it is on, except TabVault exports of encrypted tabs: TabVault reads a file on its server.</li>
                <li>A browser or extension that is not unlocked with your passphrase makes no backups.</li>
                <li>If you lose your passphrase, the encrypted tabs themselves are lost, not only their form entries. Nobody can open them.</li>
              </ul>
              {/* Decision 246: stored labels are sealed in this browser; stored tabs are not re-sent, so they stay readable. */}
              <p>
                Tabs already stored stay readable. The names, tags and notes of backups already stored, and their group titles and window names,
                are encrypted in this browser once it is on and unlocked.
              </p>
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="button" disabled={working} onClick={() => choose.mutate(true)}>
              <Lock />
              {working ? "Saving…" : "Encrypt titles and addresses"}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
      <Problem>{encryptionProblem(choose.error, "The choice could not be saved.")}</Problem>
    </div>
  );
}
