import { DEVICE_AUTHORIZATION, type PendingDevice } from "@common/api/device-authorization";
import { type DevicePlatform, deviceTokenNever, deviceTokenReach, platformNames } from "@common/device-token-reach";
import { AlertCircle, CircleCheck, CircleX, Clock, KeyRound, Loader2, LogIn, PlugZap } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link, useSearchParams } from "wouter";
import { formatUserCode, isBrowser, normalizeUserCode, useConnectionRequest } from "./connection-request";
import { AccountScreen, CheckFailedScreen } from "@/features/accounts/AccountScreen";
import { loginHref } from "@/features/accounts/sign-in-links";
import { useAuth } from "@/features/accounts/useAuth";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage, errorStatus } from "@/lib/queryClient";
import { formatTime } from "@/lib/dates";

const notACode = "That is not a connection code. It has eight letters, like BCDF-GHJK.";
const startAgain = "To get a new code, click the TabVault icon in your browser's toolbar, then “Connect to TabVault”: it opens this page with the new code.";

/**
 * `/connect`: where a person confirms that a browser or an app may join their account (RFC 8628's
 * verification page). The device opens `/connect?code=XXXX-XXXX`; without a code the person types it.
 */
export default function ConnectPage() {
  const [params] = useSearchParams();
  const raw = params.get("code");
  const { user, isLoading } = useAuth();
  if (isLoading) return <Checking title="Connect a device" />;
  if (!user) return <SignInFirst code={raw} />;
  if (!raw) return <EnterCodeScreen />;
  const code = normalizeUserCode(raw);
  if (!code) return <EnterCodeScreen problem={notACode} initial={raw} />;
  // Keyed by the code: typing another one starts from a clean page.
  return <ConnectionRequest key={code} code={code} />;
}

function Checking({ title }: { title: string }) {
  return (
    <AccountScreen icon={KeyRound} title={title}>
      <p className="flex items-center gap-2 text-slate-500" role="status">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        Checking…
      </p>
    </AccountScreen>
  );
}

function SignInFirst({ code }: { code: string | null }) {
  const here = code ? `/connect?${new URLSearchParams({ code }).toString()}` : "/connect";
  return (
    <AccountScreen
      icon={LogIn}
      title="Sign in to connect"
      description="A browser or an app asks to be connected to a TabVault account. Sign in, and you come back here to check its code and connect it."
    >
      <Button asChild className="w-full" size="lg">
        <a href={loginHref(undefined, here)}>
          <LogIn aria-hidden="true" />
          Sign in
        </a>
      </Button>
    </AccountScreen>
  );
}

/** The form for a code read off the device; it goes into the address, so a reload keeps it. */
function CodeForm({ initial = "", problem }: { initial?: string; problem?: string }) {
  const [, setParams] = useSearchParams();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState(problem ?? null);
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    const code = normalizeUserCode(value);
    if (!code) return setError(notACode);
    setParams({ code: formatUserCode(code) });
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <Label htmlFor={id}>Connection code</Label>
      <Input
        id={id}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
        placeholder="XXXX-XXXX"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="font-mono text-lg tracking-widest uppercase"
      />
      {error ? (
        <p id={`${id}-error`} className="flex gap-2 text-sm text-red-700">
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {error}
        </p>
      ) : null}
      <Button type="submit" className="w-full" size="lg">
        Continue
      </Button>
    </form>
  );
}

function EnterCodeScreen({ initial, problem }: { initial?: string; problem?: string }) {
  return (
    <AccountScreen
      icon={KeyRound}
      title="Connect a device"
      description="Type the code your browser or app shows. The TabVault extension shows it after you click its toolbar icon and “Connect to TabVault”."
    >
      <CodeForm initial={initial} problem={problem} />
    </AccountScreen>
  );
}

function ConnectionRequest({ code }: { code: string }) {
  const { request, decide } = useConnectionRequest(code);
  if (request.isPending) return <Checking title="Connect a device" />;
  if (request.isError) {
    const status = errorStatus(request.error);
    if (status === 404 || status === 400) {
      return (
        <AccountScreen
          icon={CircleX}
          tone="warning"
          title="No connection request with this code"
          description={
            <>
              <p>The code {formatUserCode(code)} is unknown or has expired. Check it against the one the device shows.</p>
              <p className="mt-3">{startAgain}</p>
            </>
          }
        >
          <CodeForm />
        </AccountScreen>
      );
    }
    return (
      <CheckFailedScreen title="The code could not be checked" error={request.error} retry={() => void request.refetch()} retrying={request.isFetching} />
    );
  }
  const device = request.data;
  const failure = decide.isError ? errorMessage(decide.error, "That did not go through. Please try again.") : null;
  switch (device.status) {
    case "approved":
      return (
        <AccountScreen
          icon={CircleCheck}
          tone="success"
          title="Connected"
          description={
            isBrowser(device.platform)
              ? `${device.clientName} is connected to your account. You can close this tab — the extension is now protecting this browser.`
              : `${device.clientName} is connected to your account. You can close this tab — the app now backs up to your account.`
          }
        >
          <Button asChild variant="secondary" className="w-full">
            <Link href="/">See your devices on the dashboard</Link>
          </Button>
        </AccountScreen>
      );
    case "denied":
      return (
        <AccountScreen
          icon={CircleX}
          tone="warning"
          title="Not connected"
          description={
            <>
              <p>{device.clientName} was not connected to your account, and it has been told so.</p>
              <p className="mt-3">If that was a mistake: {startAgain.charAt(0).toLowerCase() + startAgain.slice(1)}</p>
            </>
          }
        />
      );
    case "expired":
      return (
        <AccountScreen
          icon={Clock}
          tone="warning"
          title="This code has expired"
          description={
            <>
              <p>Connection codes work for {DEVICE_AUTHORIZATION.expiresInSeconds / 60} minutes, and {formatUserCode(code)} is older.</p>
              <p className="mt-3">{startAgain}</p>
            </>
          }
        >
          {failure ? <Failure message={failure} /> : null}
          <CodeForm />
        </AccountScreen>
      );
    case "pending":
      return <ConfirmScreen device={device} busy={decide.isPending ? decide.variables : null} failure={failure} onDecide={(decision) => decide.mutate(decision)} />;
  }
}

function Failure({ message }: { message: string }) {
  return (
    <p role="alert" className="mb-6 flex gap-2 rounded-lg bg-red-50 p-3 text-sm leading-6 text-red-800">
      <AlertCircle className="mt-1 size-4 shrink-0" aria-hidden="true" />
      {message}
    </p>
  );
}

/**
 * "Connect TabVault for Chrome?": the kind of device, never the name it gave itself, is the question (decision 215);
 * the name is shown as its own words, and the token's reach, decided by the server from the kind, is listed whole.
 */
function ConfirmScreen({
  device,
  busy,
  failure,
  onDecide,
}: {
  device: PendingDevice;
  busy: "approve" | "deny" | null;
  failure: string | null;
  onDecide: (decision: "approve" | "deny") => void;
}) {
  const browser = isBrowser(device.platform);
  const reachId = useId();
  return (
    <AccountScreen
      icon={PlugZap}
      title={`Connect ${platformTitles[device.platform]}?`}
      description={
        <>
          <p>
            A device that says it is {platformNames[device.platform]} asks to join your account. It calls itself “<span className="break-words">{device.clientName}</span>”.
            Connect only if you started this yourself, and {browser ? "the extension" : "the app"} shows the same code:
          </p>
          <p className="mt-4 rounded-xl border border-brand-200 bg-brand-50 py-4 text-center font-mono text-3xl font-bold tracking-[0.2em] text-brand-800">
            {device.userCode}
          </p>
        </>
      }
    >
      <section aria-labelledby={reachId} className="mb-6 text-sm leading-6 text-slate-700">
        <h2 id={reachId} className="font-semibold text-slate-900">
          What {browser ? "the extension" : "the app"} can read and change
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {Object.entries(deviceTokenReach[device.scope]).map(([area, sentence]) => (
            <li key={area}>{sentence}</li>
          ))}
        </ul>
        <p className="mt-3">
          <span className="font-semibold text-slate-900">Never:</span> {deviceTokenNever}
        </p>
        <p className="mt-3 text-slate-500">You can disconnect it at any time from the dashboard. The code expires at {formatTime(device.expiresAt)}.</p>
      </section>
      {failure ? <Failure message={failure} /> : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button size="lg" className="sm:flex-1" onClick={() => onDecide("approve")} disabled={busy !== null}>
          {busy === "approve" ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Connect
        </Button>
        <Button size="lg" variant="secondary" className="sm:flex-1" onClick={() => onDecide("deny")} disabled={busy !== null}>
          {busy === "deny" ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Cancel
        </Button>
      </div>
    </AccountScreen>
  );
}

/** The question's subject: what kind of device, in the product's own words. */
const platformTitles: Record<DevicePlatform, string> = {
  chromium: "TabVault for Chrome",
  firefox: "TabVault for Firefox",
  firefox_android: "TabVault for Firefox for Android",
  windows: "TabVault for Windows",
  android: "TabVault for Android",
};
