import {
  DEVICE_AUTHORIZATION,
  deviceAuthorizationErrorSchema,
  pollDeviceAuthorization,
  startDeviceAuthorization,
  type DevicePlatform,
  type DeviceTokenGrant,
} from "@common/api/device-authorization";
import { isWebAddress } from "@common/web-address";
import { callEndpoint } from "./api";
import type { StorageArea } from "./browser-api";
import type { Clock } from "./clock";
import { z } from "zod";
import { StorageItem } from "./storage-item";

/** A device code waiting for the person's decision; in storage so polling outlives the worker. */
export interface PendingPairing {
  serverUrl: string;
  deviceCode: string;
  userCode: string;
  verificationUrl: string;
  /** Seconds between polls, as the server last set it. */
  interval: number;
  expiresAt: number;
  nextPollAt: number;
}

export interface PairingOutcome {
  result: "connected" | "expired" | "denied" | "failed";
  message: string;
  at: number;
}

const pendingPairing: z.ZodType<PendingPairing> = z.object({
  serverUrl: z.string(),
  deviceCode: z.string(),
  userCode: z.string(),
  verificationUrl: z.string(),
  interval: z.number(),
  expiresAt: z.number(),
  nextPollAt: z.number(),
});
const pairingOutcome: z.ZodType<PairingOutcome> = z.object({ result: z.enum(["connected", "expired", "denied", "failed"]), message: z.string(), at: z.number() });

const PENDING = "pairing";
const OUTCOME = "pairingOutcome";

export interface PairingDeps {
  storage: StorageArea;
  clock: Clock;
  fetch: typeof fetch;
  openTab(url: string): Promise<void>;
  onGranted(grant: DeviceTokenGrant, serverUrl: string): Promise<void>;
  /** When to poll next (a timer while the worker lives, an alarm after); null to stop. */
  schedule(at: number | null): Promise<void>;
}

/**
 * RFC 8628 pairing from the extension's side: ask for a code, open the server's connect page, poll
 * at the server's interval (slow_down adds 5 s), stop at expired_token or access_denied.
 */
export class Pairing {
  private polling: Promise<void> | null = null;

  constructor(private readonly deps: PairingDeps) {}

  async pending(): Promise<PendingPairing | null> {
    return (await new StorageItem(this.deps.storage, PENDING, pendingPairing).get()) ?? null;
  }

  async outcome(): Promise<PairingOutcome | null> {
    return (await new StorageItem(this.deps.storage, OUTCOME, pairingOutcome).get()) ?? null;
  }

  async start(serverUrl: string, clientName: string, platform: DevicePlatform): Promise<{ ok: true; pending: PendingPairing } | { ok: false; message: string }> {
    const { clock } = this.deps;
    const answer = await callEndpoint(startDeviceAuthorization, { body: { clientName, platform } }, { serverUrl, fetch: this.deps.fetch });
    if (!answer.ok) {
      const message = answer.kind === "network" ? `TabVault at ${serverUrl} cannot be reached` : answer.message;
      await this.finish({ result: "failed", message, at: clock.now() });
      return { ok: false, message };
    }
    const grant = answer.data;
    const verificationUrl = ownPage(grant.verificationUriComplete, serverUrl);
    if (verificationUrl === null) {
      const message = `TabVault at ${serverUrl} sent a connect page on another site; this browser did not open it.`;
      await this.finish({ result: "failed", message, at: clock.now() });
      return { ok: false, message };
    }
    const interval = Math.max(1, grant.interval || DEVICE_AUTHORIZATION.intervalSeconds);
    const pending: PendingPairing = {
      serverUrl,
      deviceCode: grant.deviceCode,
      userCode: grant.userCode,
      verificationUrl,
      interval,
      expiresAt: clock.now() + grant.expiresIn * 1000,
      nextPollAt: clock.now() + interval * 1000,
    };
    await this.deps.storage.set({ [PENDING]: pending });
    await this.deps.storage.remove(OUTCOME);
    await this.deps.openTab(pending.verificationUrl);
    await this.deps.schedule(pending.nextPollAt);
    return { ok: true, pending };
  }

  async cancel(): Promise<void> {
    await this.deps.storage.remove(PENDING);
    await this.deps.schedule(null);
  }

  /** After the worker wakes: polls now if a poll is due, else schedules it. */
  async resume(): Promise<void> {
    const pending = await this.pending();
    if (!pending) return;
    if (pending.nextPollAt <= this.deps.clock.now()) await this.poll();
    else await this.deps.schedule(pending.nextPollAt);
  }

  /** One poll (never two at once: a timer and an alarm may fire together). */
  poll(): Promise<void> {
    if (!this.polling) {
      this.polling = this.pollOnce().finally(() => {
        this.polling = null;
      });
    }
    return this.polling;
  }

  private async pollOnce(): Promise<void> {
    const { clock } = this.deps;
    const pending = await this.pending();
    if (!pending) return;
    if (clock.now() >= pending.expiresAt) {
      await this.finish({ result: "expired", message: "The connection code expired before it was confirmed. Connect again.", at: clock.now() });
      return;
    }
    const answer = await callEndpoint(pollDeviceAuthorization, { body: { deviceCode: pending.deviceCode } }, { serverUrl: pending.serverUrl, fetch: this.deps.fetch });
    if (answer.ok) {
      await this.deps.storage.remove(PENDING);
      await this.deps.schedule(null);
      await this.deps.onGranted(answer.data, pending.serverUrl);
      await this.deps.storage.set({ [OUTCOME]: { result: "connected", message: `Connected as ${answer.data.email}`, at: clock.now() } satisfies PairingOutcome });
      return;
    }
    let interval = pending.interval;
    if (answer.kind === "refused" && answer.status === 400) {
      const error = deviceAuthorizationErrorSchema.safeParse(answer.body);
      if (error.success) {
        switch (error.data.error) {
          case "expired_token":
            await this.finish({ result: "expired", message: "The connection code expired before it was confirmed. Connect again.", at: clock.now() });
            return;
          case "access_denied":
            await this.finish({ result: "denied", message: "The connection was refused in TabVault.", at: clock.now() });
            return;
          case "slow_down":
            interval = Math.max(error.data.interval ?? 0, interval + DEVICE_AUTHORIZATION.slowDownSeconds);
            break;
          case "authorization_pending":
            interval = error.data.interval ?? interval;
            break;
        }
      } else {
        await this.finish({ result: "failed", message: answer.message, at: clock.now() });
        return;
      }
    } else if (answer.kind === "rate-limited") {
      interval += DEVICE_AUTHORIZATION.slowDownSeconds;
    } else if (answer.kind === "refused") {
      await this.finish({ result: "failed", message: answer.message, at: clock.now() });
      return;
    }
    // Pending, slowed down, offline or a server error: poll again at the (new) interval.
    const next = { ...pending, interval, nextPollAt: clock.now() + interval * 1000 };
    await this.deps.storage.set({ [PENDING]: next });
    await this.deps.schedule(next.nextPollAt);
  }

  private async finish(outcome: PairingOutcome): Promise<void> {
    await this.deps.storage.remove(PENDING);
    await this.deps.storage.set({ [OUTCOME]: outcome });
    await this.deps.schedule(null);
  }
}

/**
 * The connect page to open, only on the server's own origin and as a web page: a server that answers another site
 * (or a `javascript:` address) gets nothing opened, so pairing cannot hand the person to a look-alike page (decision 220).
 */
export function ownPage(address: string, serverUrl: string): string | null {
  let page: URL;
  try {
    page = new URL(address, serverUrl);
  } catch {
    return null;
  }
  const own = new URL(serverUrl).origin;
  return isWebAddress(page.href) && page.origin === own ? page.href : null;
}
