import type { SavedTab } from "@common/api/backups";
import { useMutation } from "@tanstack/react-query";
import { useAuth } from "@/features/accounts/useAuth";
import { openTabsForRestore } from "@/features/encryption/form-sealer";
import { encryptedTabs } from "@/features/encryption/tab-sealing";
import { toastFailure } from "@/lib/failure-toast";
import { toast } from "@/lib/use-toast";
import type { InstalledExtension, RestoreHandoff } from "./bridge";
import { openRestoredTabs } from "./restore-handoff";
import { useInstalledExtension } from "./useInstalledExtension";

/** What a restore opened here, tab after tab, when the extension did not restore it. */
export interface OpenedHere<R> {
  /** The server's answer to `record`, when there was one. */
  recorded: R | undefined;
  opened: number;
  /** Encrypted tabs this browser could not open (locked, or not the account's key). */
  unopened: number;
  /** " (The extension could not: …)" when the extension refused, else "". */
  refusal: string;
}

/** Said after a restore that could not reopen some encrypted tabs (`OpenedHere.unopened`); "" when it reopened them all. */
export function unopenedNote(unopened: number): string {
  return unopened === 0 ? "" : ` ${encryptedTabs(unopened)} could not be opened: unlock this browser on the Account page to restore them.`;
}

export interface RestoreInThisBrowserOptions<V, R> {
  /**
   * The server's restore, asked before the extension is: it records the restore (the event, the restore limit)
   * whoever reopens the tabs, and its tabs are the ones opened here without the extension. Absent when there is
   * nothing to record (another device's open tabs, decision 160: they are not a backup).
   */
  record?: (variables: V) => Promise<R>;
  /**
   * The bridge request that hands this restore to the extension (`requestRestore`, `requestSharedRestore`…). Absent
   * when the extension has no request for it (single tabs of a moment, decision 222): they open here, as it would open them.
   */
  handOff?: (variables: V, recorded: R | undefined) => Promise<RestoreHandoff>;
  /** The tabs to open one after another when the extension does not restore them; sealed ones are opened first (decision 199). */
  tabsToOpen: (variables: V, recorded: R | undefined) => Promise<SavedTab[]> | SavedTab[];
  /** Ask the extension only when it is connected to the account: it reads what it restores with its own token (decision 190). */
  needsConnection?: boolean;
  /**
   * When the extension took longer than RESTORE_TIMEOUT_MS: a backup's restore says so and opens nothing (the extension
   * may still be fetching thousands of tabs, and both would reopen them); the others open the tabs here.
   */
  ifNoAnswer: "say-so" | "open-here";
  /** The description of "Restoring in this browser…" when the extension sent no message of its own. */
  startedText: string;
  failure: { title: string; fallback: string };
  /** After every restore that did not fail (query refreshes). */
  onDone?: () => void;
  /** The toast after tabs were opened here: each place words its own. */
  onOpenedHere: (outcome: OpenedHere<R>) => void;
}

/**
 * The one "restore in this browser" flow of the web app (Session Manager, dashboard, open tabs, shared backups): with
 * the TabVault extension installed (it answered the ping) the restore is handed to it, which reopens windows, pins and
 * groups as they were; without it, or when it refuses, the tabs open here one after another. `viaExtension` is what
 * the buttons say ("Restore in this browser").
 */
export function useRestoreInThisBrowser<V = void, R = undefined>(options: RestoreInThisBrowserOptions<V, R>) {
  const email = useAuth().user?.email ?? "";
  const extension: InstalledExtension | null = useInstalledExtension();
  const viaExtension = options.handOff !== undefined && extension !== null && (!options.needsConnection || extension.deviceId !== null);
  const restore = useMutation({
    mutationFn: async (variables: V) => {
      const recorded = options.record ? await options.record(variables) : undefined;
      const handoff = viaExtension && options.handOff ? await options.handOff(variables, recorded) : null;
      if (handoff?.outcome === "started" || (handoff?.outcome === "no-answer" && options.ifNoAnswer === "say-so")) {
        return { recorded, handoff, tabs: [], unopened: 0 };
      }
      const { tabs, unopened } = await openTabsForRestore(email, await options.tabsToOpen(variables, recorded));
      return { recorded, handoff, tabs, unopened };
    },
    onSuccess: ({ recorded, handoff, tabs, unopened }) => {
      options.onDone?.();
      if (handoff?.outcome === "started") {
        toast({ title: "Restoring in this browser…", description: handoff.message || options.startedText });
        return;
      }
      if (handoff?.outcome === "no-answer" && options.ifNoAnswer === "say-so") {
        toast({
          title: "The extension did not answer",
          description: "Restore this backup from the TabVault icon in your toolbar, or reload this page and try again.",
          variant: "destructive",
        });
        return;
      }
      const notWebPages = openRestoredTabs(tabs);
      const refused = handoff?.outcome === "refused" ? ` (The extension could not: ${handoff.message || "it refused."})` : "";
      const notOpened =
        notWebPages === 0 ? "" : notWebPages === 1 ? " 1 tab whose address is not a web page was left out." : ` ${notWebPages} tabs whose addresses are not web pages were left out.`;
      options.onOpenedHere({ recorded, opened: tabs.length - notWebPages, unopened, refusal: `${refused}${notOpened}` });
    },
    onError: (error) => toastFailure(error, options.failure.fallback, options.failure.title),
  });
  return { extension, viaExtension, restore };
}
