import { endpointUrl } from "@common/api/endpoint";
import {
  downloadExtensionPackage,
  type ExtensionPackage,
  type ExtensionTarget,
  extensionInstallSteps,
  extensionTargetNames,
  extensionTargets,
  listExtensionPackages,
} from "@common/api/extension-packages";
import { useQuery } from "@tanstack/react-query";
import { AlertCircle, Download, Loader2, Puzzle, RotateCw, ShieldCheck } from "lucide-react";
import { Fragment, useMemo } from "react";
import { extensionTargetOf } from "./extension-target";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { endpointQuery } from "@/lib/api-client";
import { cn } from "@/lib/class-names";

const packageKinds: Record<ExtensionTarget, string> = { chromium: ".zip", firefox: ".xpi" };

/** Addresses and settings in the steps, shown as code so they can be read and typed exactly. */
const literal = /((?:chrome|edge|brave|opera):\/\/extensions|about:[a-z]+(?:#\/[a-z/-]+)?|xpinstall\.signatures\.required|manifest\.json)/;

function StepText({ text }: { text: string }) {
  return text.split(literal).map((part, index) =>
    index % 2 === 1 ? (
      <code key={index} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800 [overflow-wrap:anywhere]">
        {part}
      </code>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}

function ExtensionCard({ target, item, loading, yours }: { target: ExtensionTarget; item: ExtensionPackage | undefined; loading: boolean; yours: boolean }) {
  const name = item?.name ?? extensionTargetNames[target];
  const headingId = `extension-${target}`;
  const steps = item?.installSteps ?? extensionInstallSteps[target];
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className={cn("flex h-full flex-col rounded-2xl border bg-white p-6 shadow-sm", yours ? "border-brand-500 ring-2 ring-brand-500" : "border-slate-200")}
      >
        <div className="flex items-start gap-3">
          <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
            <Puzzle className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h3 id={headingId} className="text-lg font-semibold text-slate-900">
              {name}
            </h3>
            <p className="text-sm text-slate-500">
              {item?.available ? `Version ${item.version ?? ""} · ${item.size ?? ""}` : loading ? "Checking this server…" : "Not available on this server yet"}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              {yours ? <Badge variant="success">Your browser</Badge> : null}
              {/* Product claims C320, C321: whether Mozilla signed the package offered, as the server says. */}
              {target === "firefox" && item?.available ? (
                <Badge variant={item.signed ? "success" : "warning"}>{item.signed ? "Signed by Mozilla" : "Not signed by Mozilla"}</Badge>
              ) : null}
            </div>
          </div>
        </div>
        <h4 className="mt-5 text-sm font-semibold text-slate-900">How to install</h4>
        <ol className="mt-2 list-decimal space-y-2 pl-5 text-sm text-slate-600 marker:font-semibold marker:text-brand-700">
          {steps.map((step) => (
            <li key={step}>
              <StepText text={step} />
            </li>
          ))}
        </ol>
        <div className="mt-auto pt-6">
          {item?.signed ? (
            // No download attribute: the signed .xpi is served as application/x-xpinstall, so Firefox offers to add it.
            <Button asChild className="w-full" variant={yours ? "default" : "secondary"}>
              <a href={endpointUrl(downloadExtensionPackage, { params: { target } })}>
                <Download aria-hidden="true" />
                Add to Firefox
              </a>
            </Button>
          ) : item?.available ? (
            <Button asChild className="w-full" variant={yours ? "default" : "secondary"}>
              <a href={endpointUrl(downloadExtensionPackage, { params: { target } })} download={item.fileName ?? ""}>
                <Download aria-hidden="true" />
                Download {packageKinds[target]}
              </a>
            </Button>
          ) : (
            <Button className="w-full" variant="secondary" disabled>
              {loading ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {loading ? "Checking…" : "Not built on this server yet"}
            </Button>
          )}
          {item?.fileName ? <p className="mt-2 text-center text-xs break-all text-slate-500">{item.fileName}</p> : null}
        </div>
      </article>
    </li>
  );
}

/**
 * `/download`'s first section: the browser extension for Chromium browsers and Firefox,
 * packaged by this server for itself, with the steps to install it by hand. The visitor's own browser
 * is marked; the links are plain downloads, no email asked (decision 102).
 */
export function ExtensionDownloads() {
  const list = useQuery(endpointQuery(listExtensionPackages));
  const yours = useMemo(() => extensionTargetOf(navigator.userAgent), []);
  const byTarget = new Map(list.data?.packages.map((item) => [item.target, item]));
  return (
    <section aria-labelledby="protect-your-browser" className="mt-10">
      <h2 id="protect-your-browser" className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900">
        <ShieldCheck className="size-6 text-brand-600" aria-hidden="true" />
        Protect your browser
      </h2>
      <p className="mt-2 max-w-3xl text-slate-600">
        The TabVault extension keeps every tab of every window backed up off this device, and puts them back in one click after an accidental close.
        Connect it to your account from its toolbar icon.
      </p>
      {yours === null ? (
        <p className="mt-2 text-sm text-slate-500">This browser cannot run the extension: open this page in Chrome, Edge, Brave, Opera or Firefox on a computer.</p>
      ) : null}
      <ul className="mt-6 grid gap-6 md:grid-cols-2">
        {extensionTargets.map((target) => (
          <ExtensionCard key={target} target={target} item={byTarget.get(target)} loading={list.isLoading} yours={yours === target} />
        ))}
      </ul>
      {list.isError ? (
        <div role="alert" className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <span className="flex items-center gap-2">
            <AlertCircle className="size-5" aria-hidden="true" />
            The extension packages could not be checked. Please try again.
          </span>
          <Button size="sm" variant="secondary" onClick={() => void list.refetch()} disabled={list.isFetching}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : null}
    </section>
  );
}
