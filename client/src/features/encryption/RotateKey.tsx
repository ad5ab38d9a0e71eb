import { type FormEncryption } from "@common/api/encryption";
import { rotateKey } from "@common/key-rotation";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { toast } from "@/lib/use-toast";
import { keepBackupKey } from "./backup-key";
import { type EncryptionOn, encryptionProblem, PassphraseField, Problem, SubmitOrCancel } from "./encryption-form-parts";
import { rotationApi } from "./key-rotation";

/**
 * "Rotate key" (decision 239): a new random key, everything the account stores sealed again under it here in the
 * browser, then the old key dropped, and only once the server counts nothing left under it. A page closed halfway
 * loses nothing: the old key stays sealed under the new one, and this form resumes where it stopped.
 */
export function RotateKey({
  email,
  encryption,
  until,
  onRotated,
  onCancel,
}: {
  email: string;
  encryption: EncryptionOn;
  /** When this browser's unlock ends: the new key is kept until then, as the old one was (decision 245). */
  until: number | null;
  onRotated: (answer: FormEncryption) => void;
  onCancel: () => void;
}) {
  const [passphrase, setPassphrase] = useState("");
  const [progress, setProgress] = useState<string | null>(null);
  const resuming = encryption.rotation != null;
  const rotate = useMutation({
    mutationFn: async () => {
      const outcome = await rotateKey(rotationApi, passphrase, (done, remaining) => setProgress(`${done} tabs and labels sealed again, ${remaining} left in this pass.`));
      await keepBackupKey(email, outcome.key, until);
      return { outcome, answer: await rotationApi.read() };
    },
    onSuccess: ({ outcome, answer }) => {
      onRotated(answer);
      toast(
        outcome.finished
          ? { title: "Key rotated", description: "Everything is sealed under the new key and the old one is gone. Unlock your other browsers again." }
          : { title: "Key rotation not finished", description: `${outcome.unreadable} tabs or labels open under neither key: the old key is kept for them.` },
      );
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    rotate.mutate();
  }

  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Rotate key">
      <p>
        {resuming
          ? "A key rotation was started and not finished. Your passphrase opens the new key and, through it, the old one: nothing is lost. Resume it to seal the rest again."
          : "Makes a new key and seals everything your account stores again under it, here in this browser. Your passphrase stays the same; your other browsers ask to be unlocked again."}
      </p>
      <PassphraseField label="Your passphrase" value={passphrase} onChange={setPassphrase} autoComplete="current-password" />
      {progress && <p className="text-slate-500">{progress}</p>}
      <Problem>{encryptionProblem(rotate.error, "The key could not be rotated. Nothing was lost: try again to resume.", "That is not your passphrase.")}</Problem>
      <SubmitOrCancel label={resuming ? "Resume key rotation" : "Rotate key"} pendingLabel="Sealing again…" pending={rotate.isPending} onCancel={onCancel} />
    </form>
  );
}
