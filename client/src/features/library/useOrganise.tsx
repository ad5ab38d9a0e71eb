import { useMutation } from "@tanstack/react-query";
import type { OrganiseReceipt } from "@common/api/library-organise";
import { undo } from "./organise-api";
import { ToastAction } from "@/components/ui/toast";
import { LockedLabelsError } from "@/features/encryption/label-sealing";
import { toastFailure } from "@/lib/failure-toast";
import { errorMessage } from "@/lib/queryClient";
import { toast } from "@/lib/use-toast";

/** An Undo toast stays a little longer than the usual five seconds: time to read it and change one's mind. */
const undoToastDuration = 10_000;

function failed(title: string, error: unknown) {
  // A locked browser's rename of sealed labels (decision 237) says why in its own words.
  toastFailure(error, "Please try again.", title, (failure, fallback) => (failure instanceof LockedLabelsError ? failure.message : errorMessage(failure, fallback)));
}

/**
 * Runs an organise action; its toast says what changed with an Undo button (decision 157) that puts
 * back the last change. `changed` refreshes the lists and selects the backup the action names.
 */
export function useOrganise(changed: (backupId: string | null) => void) {
  const putBack = useMutation({
    mutationFn: undo,
    onSuccess: (receipt) => {
      toast({ title: "Undone", description: receipt.message.replace(/^Undone: /, "") });
      changed(receipt.backupId);
    },
    onError: (error) => failed("Could not undo", error),
  });
  return useMutation({
    mutationFn: (action: () => Promise<OrganiseReceipt>) => action(),
    onSuccess: (receipt) => {
      changed(receipt.backupId);
      toast({
        title: receipt.undo ? "Done" : receipt.message,
        description: receipt.undo ? receipt.message : undefined,
        duration: receipt.undo ? undoToastDuration : undefined,
        action: receipt.undo ? (
          <ToastAction altText={`Undo: ${receipt.undo}`} onClick={() => putBack.mutate()}>
            Undo
          </ToastAction>
        ) : undefined,
      });
    },
    onError: (error) => failed("That did not work", error),
  });
}
