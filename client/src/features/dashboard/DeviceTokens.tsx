import { SectionCard } from "@/components/ui/section-card";
import { toastFailure } from "@/lib/failure-toast";
import { createDeviceToken, type DeviceToken, listDeviceTokens, revokeDeviceToken } from "@common/api/accounts";
import type { DeviceTokenScope } from "@common/api/device-authorization";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AppWindow, Check, Copy, KeyRound, Puzzle, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/lib/use-toast";
import { call, endpointKey, endpointQuery } from "@/lib/api-client";
import { formatDateTime } from "@/lib/dates";

const TOKENS_KEY = endpointKey(listDeviceTokens);


/**
 * What a device is, from its token's scope: the browser extension (connected on /connect) or an app
 * (a token made here). Lists from a server that does not send the scope show no kind.
 */
function deviceKind(token: Pick<DeviceToken, "id"> & { scope?: DeviceTokenScope }): { label: string; Icon: typeof Puzzle } | null {
  if (token.scope === "browser") return { label: "Browser extension", Icon: Puzzle };
  if (token.scope === "app") return { label: "App", Icon: AppWindow };
  return null;
}

/** The devices connected to the account (the browser extension, the apps), and tokens for the Windows and Android apps: named, shown once, revocable. */
export function DeviceTokens() {
  const queryClient = useQueryClient();
  const tokens = useQuery(endpointQuery(listDeviceTokens));
  const [name, setName] = useState("");
  const [fresh, setFresh] = useState<{ name: string; token: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const onError = (fallback: string) => (error: unknown) => {
    toastFailure(error, fallback);
  };
  const create = useMutation({
    mutationFn: () => call(createDeviceToken, { body: { name: name.trim() } }),
    onSuccess: (result) => {
      setFresh({ name: result.deviceToken.name, token: result.token });
      setCopied(false);
      setName("");
      void queryClient.invalidateQueries({ queryKey: TOKENS_KEY });
    },
    onError: onError("The token could not be created."),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => call(revokeDeviceToken, { params: { id } }),
    onSuccess: () => {
      toast({ title: "Device token revoked", description: "That device can no longer back up to your account." });
      void queryClient.invalidateQueries({ queryKey: TOKENS_KEY });
    },
    onError: onError("The token could not be revoked."),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim()) create.mutate();
  }

  return (
    <SectionCard id="device-tokens" icon={KeyRound} title="Devices">
      <p className="mt-1 text-sm text-slate-600">
        The browser extension connects from its toolbar icon. Connect the Windows or Android app with a token: it is shown once. Revoke a device
        you lost or no longer use.
      </p>
      <form onSubmit={submit} className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1 space-y-1">
          <Label htmlFor="device-name">Device name</Label>
          <Input id="device-name" placeholder="e.g. Pixel 9" maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
        </div>
        <Button type="submit" disabled={!name.trim() || create.isPending}>
          Create token
        </Button>
      </form>
      {fresh ? (
        <div className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" role="status">
          <p>
            Token for <strong>{fresh.name}</strong>. Copy it now: it will not be shown again.
          </p>
          <div className="mt-2 flex items-center gap-2">
            <code className="min-w-0 flex-1 truncate rounded bg-white px-2 py-1 font-mono text-xs">{fresh.token}</code>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                void navigator.clipboard?.writeText(fresh.token).then(() => setCopied(true));
              }}
            >
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied ? "Copied" : "Copy"}
            </Button>
          </div>
        </div>
      ) : null}
      {tokens.data && tokens.data.length > 0 ? (
        <ul className="mt-4 divide-y divide-slate-100">
          {tokens.data.map((token) => {
            const kind = deviceKind(token);
            const Icon = kind?.Icon ?? KeyRound;
            return (
              <li key={token.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span className="flex min-w-0 items-start gap-2">
                  <Icon className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-slate-900">{token.name}</span>
                    <span className="block text-xs text-slate-500">
                      {kind ? `${kind.label} · ` : ""}
                      {token.lastUsedAt ? `Last used ${formatDateTime(token.lastUsedAt)}` : "Never used"}
                    </span>
                  </span>
                </span>
                <Button variant="ghost" size="sm" onClick={() => revoke.mutate(token.id)} aria-label={`Revoke ${token.name}`}>
                  <Trash2 aria-hidden="true" />
                  Revoke
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </SectionCard>
  );
}
