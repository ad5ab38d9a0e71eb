import {
  approveDeviceAuthorization,
  denyDeviceAuthorization,
  describeDeviceAuthorization,
  type DevicePlatform,
  type PendingDevice,
  userCodeSchema,
} from "@common/api/device-authorization";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, endpointKey, endpointQuery } from "@/lib/api-client";

/** The code as the server keys it (eight letters, any case, dash or not), or null when it cannot be one. */
export function normalizeUserCode(raw: string): string | null {
  const parsed = userCodeSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** XXXX-XXXX, as the extension shows it. */
export function formatUserCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

export type Decision = "approve" | "deny";

/**
 * A device's request to be connected, as the signed-in person sees it on `/connect`, and their decision.
 * The decision's answer is the request's new state, so the page shows the outcome without asking again.
 */
export function useConnectionRequest(userCode: string) {
  const queryClient = useQueryClient();
  const input = { params: { userCode } };
  const request = useQuery({ ...endpointQuery(describeDeviceAuthorization, input), retry: false });
  const decide = useMutation({
    mutationFn: (decision: Decision): Promise<PendingDevice> =>
      decision === "approve" ? call(approveDeviceAuthorization, input) : call(denyDeviceAuthorization, input),
    onSuccess: (device) => queryClient.setQueryData(endpointKey(describeDeviceAuthorization, input), device),
    // A refusal (the code expired meanwhile, decided elsewhere) changes what the request is: show it as it stands now.
    onError: () => void queryClient.invalidateQueries({ queryKey: endpointKey(describeDeviceAuthorization, input) }),
  });
  return { request, decide };
}

/** Whether the thing asking is the browser extension or one of the apps, for the page's words. */
export function isBrowser(platform: DevicePlatform): boolean {
  return platform === "chromium" || platform === "firefox" || platform === "firefox_android";
}
