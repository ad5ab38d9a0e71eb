import { type FormEncryption, setFormEncryption } from "@common/api/encryption";
import { rewrapBackupKey, unwrapBackupKey } from "@common/end-to-end-encryption";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { call } from "@/lib/api-client";
import { toast } from "@/lib/use-toast";
import { type EncryptionOn, encryptionProblem, newPassphraseProblem, PassphraseField, Problem, SubmitOrCancel } from "./encryption-form-parts";

/**
 * A new passphrase for the same key: the key is opened with the current one and wrapped again; `replaces` names the
 * wrapped key it replaces, so a stale page cannot lock the person out (`setFormEncryption`).
 */
export function ChangePassphrase({ encryption, onChanged, onCancel }: { encryption: EncryptionOn; onChanged: (answer: FormEncryption) => void; onCancel: () => void }) {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [repeated, setRepeated] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: async () => {
      const rawKey = await unwrapBackupKey(current, encryption.key);
      return call(setFormEncryption, { body: { key: await rewrapBackupKey(rawKey, next), replaces: encryption.key.wrappedKey } });
    },
    onSuccess: (answer) => {
      onChanged(answer);
      toast({ title: "Passphrase changed", description: "Use the new one to unlock your other browsers." });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const wrong = newPassphraseProblem(next, repeated);
    setProblem(wrong);
    if (!wrong) change.mutate();
  }

  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Change passphrase">
      <div className="grid gap-3 sm:grid-cols-3">
        <PassphraseField label="Current passphrase" value={current} onChange={setCurrent} autoComplete="current-password" />
        <PassphraseField label="New passphrase" value={next} onChange={setNext} autoComplete="new-password" />
        <PassphraseField label="Repeat the new passphrase" value={repeated} onChange={setRepeated} autoComplete="new-password" />
      </div>
      <Problem>{problem ?? encryptionProblem(change.error, "The passphrase could not be changed.", "That is not your current passphrase.")}</Problem>
      <SubmitOrCancel label="Save new passphrase" pendingLabel="Changing…" pending={change.isPending} onCancel={onCancel} />
    </form>
  );
}
