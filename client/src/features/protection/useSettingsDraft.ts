import { toastFailure } from "@/lib/failure-toast";
import { type ProtectionSettings, updateProtectionSettings } from "@common/api/protection";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { call } from "@/lib/api-client";
import { toast } from "@/lib/use-toast";
import { adoptProtectionSettings, useProtectionSettings } from "./protection-state";

/**
 * The settings screens' one rule: a change is kept only when Save Settings is clicked. The screen
 * shows the saved settings with the person's unsaved changes over them, so what was saved elsewhere meanwhile
 * (another screen, another tab) still shows; Save sends only what changed.
 */
export function useSettingsDraft(signedIn: boolean) {
  const queryClient = useQueryClient();
  const saved = useProtectionSettings(signedIn);
  const [changes, setChanges] = useState<Partial<ProtectionSettings>>({});
  // Compared as JSON: the list of sites never captured is an array.
  const unsaved = saved ? (Object.keys(changes) as (keyof ProtectionSettings)[]).filter((key) => JSON.stringify(changes[key]) !== JSON.stringify(saved[key])) : [];

  const save = useMutation({
    mutationFn: () => call(updateProtectionSettings, { body: Object.fromEntries(unsaved.map((key) => [key, changes[key]])) }),
    onSuccess: (result) => {
      adoptProtectionSettings(queryClient, result);
      setChanges({});
      toast({ title: "Settings Saved", description: "Your protection preferences have been updated" });
    },
    onError: (error) => {
      toastFailure(error, "Failed to save settings");
    },
  });

  return {
    /** The settings as the screen shows them; undefined until loaded (and for a visitor). */
    settings: saved && { ...saved, ...changes },
    /** The settings as last saved, without the unsaved changes. */
    saved,
    change: (update: Partial<ProtectionSettings>) => setChanges((current) => ({ ...current, ...update })),
    unsaved: unsaved.length > 0,
    saving: save.isPending,
    save: () => save.mutate(),
  };
}
