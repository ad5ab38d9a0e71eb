import { existsSync } from "node:fs";
import { join } from "node:path";
import type { ServiceCheck } from "@common/api/status";
import type { Database } from "../db/database";
import { pingDatabase } from "../db/ping";
import { downloadItems, readManifest } from "../downloads/releases";
import type { Mailer } from "../mail/mailer";
import type { ConfiguredProvider } from "../payments/choose-provider";

/** Slower than this and a check reports "degraded"; no answer in CHECK_TIMEOUT_MS is an outage. */
const SLOW_MS = 1000;
const CHECK_TIMEOUT_MS = 3000;

export interface StatusDependencies {
  db: Database;
  mailer: Mailer;
  payments: ConfiguredProvider;
  releasesDir: string;
  clientDir: string | undefined;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    }),
  ]);
}

/** Real checks of every service the site depends on (issue 8: not static samples). */
export async function runStatusChecks(deps: StatusDependencies): Promise<ServiceCheck[]> {
  const database = (async (): Promise<ServiceCheck> => {
    try {
      const ms = await pingDatabase(deps.db, CHECK_TIMEOUT_MS);
      return { name: "Database", status: ms > SLOW_MS ? "degraded" : "operational", detail: `Answered in ${Math.round(ms)} ms` };
    } catch {
      return { name: "Database", status: "outage", detail: "The database does not answer" };
    }
  })();
  const mail = (async (): Promise<ServiceCheck> => {
    try {
      await withTimeout(deps.mailer.verify(), CHECK_TIMEOUT_MS);
      return { name: "Mail", status: "operational", detail: "Sign-in and receipt emails are being sent" };
    } catch {
      return { name: "Mail", status: "outage", detail: "Emails cannot be sent right now" };
    }
  })();
  const downloads = (async (): Promise<ServiceCheck> => {
    try {
      const manifest = await readManifest(deps.releasesDir);
      // A manifest with mistakes offers less than the operator meant: the site works, downloads are short.
      if (manifest.problem !== null) return { name: "Downloads", status: "degraded", detail: "The release list has errors, so some app downloads are not offered" };
      const items = await downloadItems(deps.releasesDir, manifest);
      const available = items.filter((item) => item.available).length;
      // No native app published is how a server starts (decision 141): the browser extension is what is offered.
      if (items.length === 0) return { name: "Downloads", status: "operational", detail: "The browser extension is offered; no Windows or Android app is published" };
      if (available === items.length) return { name: "Downloads", status: "operational", detail: "Windows and Android apps available" };
      if (available > 0) return { name: "Downloads", status: "degraded", detail: "Some app downloads are unavailable" };
      return { name: "Downloads", status: "outage", detail: "No app download is available" };
    } catch {
      return { name: "Downloads", status: "outage", detail: "The release list cannot be read" };
    }
  })();
  const payments: ServiceCheck =
    deps.payments.kind === "stripe"
      ? { name: "Payments", status: "operational", detail: "Card payments through Stripe" }
      : deps.payments.kind === "sandbox"
        ? { name: "Payments", status: "degraded", detail: "Sandbox mode: no real charges" }
        : { name: "Payments", status: "outage", detail: "Payments are not configured" };
  const web: ServiceCheck =
    deps.clientDir && existsSync(join(deps.clientDir, "index.html"))
      ? { name: "Web app", status: "operational", detail: "Serving the app" }
      : { name: "Web app", status: "degraded", detail: "This instance serves the API only" };
  const api: ServiceCheck = { name: "API", status: "operational", detail: "Answering requests" };
  return [web, api, await database, await mail, payments, await downloads];
}
