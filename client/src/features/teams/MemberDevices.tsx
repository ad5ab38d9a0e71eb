import { listTeamMemberDevices, revokeTeamMemberDevice, type TeamDevice, type TeamMember } from "@common/api/teams";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MonitorX } from "lucide-react";
import { Button } from "@/components/ui/button";
import { call, endpointKey, endpointQuery } from "@/lib/api-client";
import { formatTimeAgo } from "@/lib/dates";
import { errorMessage } from "@/lib/queryClient";
import { toast } from "@/lib/use-toast";
import { refreshTeam, showTeamError } from "./team-queries";

/** A member's connected browsers and apps, each with a Disconnect: shown only to whoever may manage that member. */
export function MemberDevices({ member }: { member: TeamMember }) {
  const queryClient = useQueryClient();
  const input = { params: { userId: member.userId } };
  const devices = useQuery(endpointQuery(listTeamMemberDevices, input));
  const revoke = useMutation({
    mutationFn: (device: TeamDevice) => call(revokeTeamMemberDevice, { params: { userId: member.userId, deviceId: device.id } }),
    onSuccess: (_answer, device) => {
      toast({ title: "Disconnected", description: `${device.name} of ${member.email} is signed out of TabVault.` });
      return Promise.all([queryClient.invalidateQueries({ queryKey: endpointKey(listTeamMemberDevices, input) }), refreshTeam(queryClient)]);
    },
    onError: showTeamError("The browser could not be disconnected."),
  });

  if (devices.isPending) return <p className="px-3 pb-3 text-sm text-slate-500">Loading connected browsers…</p>;
  if (devices.isError) return <p className="px-3 pb-3 text-sm text-red-700">{errorMessage(devices.error, "The browsers could not be loaded.")}</p>;
  if (devices.data.length === 0) return <p className="px-3 pb-3 text-sm text-slate-500">No connected browsers or apps.</p>;
  return (
    <ul className="mx-3 mb-3 divide-y divide-slate-100 rounded-lg bg-slate-50" aria-label={`Connected browsers of ${member.email}`}>
      {devices.data.map((device) => (
        <li key={device.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
          <span>
            <span className="font-medium text-slate-900">{device.name}</span>
            <span className="text-slate-600"> · last seen {device.lastUsedAt ? formatTimeAgo(device.lastUsedAt) : "never"}</span>
          </span>
          <Button variant="outline" size="sm" onClick={() => revoke.mutate(device)} disabled={revoke.isPending} aria-label={`Disconnect ${device.name} of ${member.email}`}>
            <MonitorX aria-hidden="true" />
            Disconnect
          </Button>
        </li>
      ))}
    </ul>
  );
}
