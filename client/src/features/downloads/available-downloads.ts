import { listAvailableDownloads } from "@common/api/downloads";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "@/lib/use-toast";
import { endpointQuery } from "@/lib/api-client";

export const availableDownloadsFailure = "Failed to fetch available downloads. Please try again.";

/**
 * The apps on offer, and whether `email` (or the signed-in account) may download them. A failure
 * is told in the 'Download Error' toast of spec 1 §8; the screens also keep it in view with a retry.
 */
export function useAvailableDownloads(email?: string) {
  const list = useQuery(endpointQuery(listAvailableDownloads, { query: { email: email || undefined } }));
  const { isError, errorUpdatedAt } = list;
  useEffect(() => {
    if (isError) toast({ title: "Download Error", description: availableDownloadsFailure, variant: "destructive" });
  }, [isError, errorUpdatedAt]);
  return list;
}
