import { listPlainLabels } from "@common/api/plain-labels";
import { sealPlainLabels } from "@common/plain-label-sealing";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { endpointKey, endpointQuery } from "@/lib/api-client";
import { loadBackupKey } from "./backup-key";
import { type EncryptionOn, encryptionProblem, Problem } from "./encryption-form-parts";
import { mayLabelsBeSealedWith, plainLabelApi, plainLabelsNotice } from "./plain-labels";

/**
 * With "Also encrypt titles and addresses" on, seals here what was stored readable before it (decision 246): every
 * backup's name, tags and note, group titles and window names. It starts on its own when the switch is turned on and
 * goes on whenever the Account page finds readable labels left (a page closed halfway), saying how many the server
 * counts. Locked, it says so and seals nothing.
 */
export function PlainLabelSealing({ email, encryption, unlocked }: { email: string; encryption: EncryptionOn; unlocked: boolean }) {
  const queryClient = useQueryClient();
  const counted = useQuery({ ...endpointQuery(listPlainLabels, { query: { limit: 1 } }), enabled: encryption.sealsTabLocations });
  const [left, setLeft] = useState<number | null>(null);
  const seal = useMutation({
    mutationFn: async () => {
      const key = await loadBackupKey(email);
      if (!key || !(await mayLabelsBeSealedWith(encryption, key))) throw new Error("This browser's key is not the account's: unlock it again with your passphrase.");
      return sealPlainLabels(plainLabelApi, key, (_sealed, remaining) => setLeft(remaining));
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: endpointKey(listPlainLabels) }),
  });
  const remaining = left ?? counted.data?.remaining ?? 0;
  const { mutate } = seal;
  // Once per page: turning the switch on, or finding labels a closed page left readable, starts sealing here. A ref,
  // not the mutation's status: an effect run twice before the status changes would start two passes at once.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !unlocked || (counted.data?.remaining ?? 0) === 0) return;
    started.current = true;
    mutate();
  }, [unlocked, counted.data?.remaining, mutate]);

  if (!encryption.sealsTabLocations || !counted.data) return null;
  const state = !unlocked ? "locked" : seal.isPending || seal.isIdle ? "sealing" : seal.isError ? "stopped" : "done";
  const finalCount = seal.isSuccess ? seal.data.remaining : remaining;
  const notice = plainLabelsNotice(finalCount, state);
  if (!notice && !seal.isError) return null;
  return (
    <div className="space-y-2" role="status" aria-label="Labels stored before">
      {notice && <p>{notice}</p>}
      <Problem>{seal.isError ? encryptionProblem(seal.error, "The labels could not be encrypted.") : null}</Problem>
      {unlocked && !seal.isPending && finalCount > 0 && (
        <Button type="button" variant="outline" onClick={() => seal.mutate()}>
          <RefreshCw />
          Encrypt them now
        </Button>
      )}
    </div>
  );
}
