import { getExtensionConnection, type ExtensionConnection } from "@common/api/browser-backups";
import type { DeviceTokenGrant } from "@common/api/device-authorization";
import { planHasFeature, planTypes, type CatalogueFeatureId, type PlanType } from "@common/plan-catalogue";
import { callEndpoint, type CallOptions } from "../api";
import { currentDeviceFacts, describeDevice, type Device, type DeviceFacts } from "../device";
import { resolveServer, SERVER_URL_KEY, type ServerAddress } from "../server-config";
import type { BackgroundContext } from "./context";
import type { Auth } from "./items";

const TOKEN_REFUSED = "The server no longer accepts this browser's token.";

export interface ConnectionDeps {
  ctx: BackgroundContext;
  /** The package's server-config.json. */
  packagedConfig(): Promise<unknown>;
  deviceFacts?(os: string): DeviceFacts;
  /** The next connection may be another account's: its encryption key must be unlocked afresh. */
  forgetKey(): Promise<void>;
  /** The server answered for the connection: what follows from it (the account's encryption) is read again. */
  refreshed(): Promise<void>;
  /** A token was just granted and stored: the first downloads and the uploads that waited. */
  granted(): Promise<void>;
}

/** This browser's server, device and account connection: who it is, whom it talks to, and with which token. */
export class Connection {
  private server: ServerAddress | null = null;
  private device: Device | null = null;

  constructor(private readonly deps: ConnectionDeps) {}

  async address(): Promise<ServerAddress> {
    const { local } = this.deps.ctx;
    this.server ??= await resolveServer({ packagedConfig: this.deps.packagedConfig, storedUrl: async () => (await local.get(SERVER_URL_KEY))[SERVER_URL_KEY] });
    return this.server;
  }

  /** The options page changed the server: read it again at the next use. */
  forgetAddress(): void {
    this.server = null;
  }

  async thisDevice(): Promise<Device> {
    if (!this.device) {
      const { browser } = this.deps.ctx;
      const os = await browser.runtime.getPlatformInfo().then((info) => info.os).catch(() => "linux");
      this.device = describeDevice((this.deps.deviceFacts ?? currentDeviceFacts)(os), browser.windows !== undefined);
    }
    return this.device;
  }

  async auth(): Promise<Auth | null> {
    const { items } = this.deps.ctx;
    let auth = await items.auth.get();
    if (!auth) {
      // Connected before decision 225: the token moves out of storage.local, where content scripts could read it.
      auth = await items.authKeptLocally.get();
      if (!auth) return null;
      await items.auth.set(auth);
      await items.authKeptLocally.remove();
    }
    // A token belongs to the server that issued it.
    return auth.serverUrl === (await this.address()).serverUrl ? auth : null;
  }

  async stored() {
    return (await this.deps.ctx.items.connection.get()) ?? null;
  }

  /** The token, unless the server refused it since. */
  connectedAuth = async (): Promise<Auth | null> => {
    const auth = await this.auth();
    return auth && (await this.stored())?.state !== "disconnected" ? auth : null;
  };

  /** How a call to the server goes out with this token. */
  endpoint(auth: Pick<Auth, "serverUrl" | "accessToken">): CallOptions {
    return { serverUrl: auth.serverUrl, token: auth.accessToken, fetch: this.deps.ctx.fetch };
  }

  /** The connected account's plan, as the server last said (Free until it has said). */
  async plan(): Promise<PlanType> {
    const planType = (await this.stored())?.planType;
    return planTypes.find((type) => type === planType) ?? "free";
  }

  planType = async (): Promise<string | null> => (await this.stored())?.planType ?? null;

  async hasFeature(id: CatalogueFeatureId): Promise<boolean> {
    return planHasFeature(await this.plan(), id);
  }

  /** The server refused this browser's token: every room that calls it says so here, and only here. */
  onUnauthorized = async (message?: string): Promise<void> => {
    const { items } = this.deps.ctx;
    await this.deps.forgetKey();
    const previous = await this.stored();
    const auth = await this.auth();
    await items.connection.set({
      state: "disconnected",
      email: auth?.email ?? previous?.email ?? null,
      planType: previous?.planType ?? null,
      automaticBackups: false,
      message: message || TOKEN_REFUSED,
    });
  };

  private async store(data: ExtensionConnection): Promise<void> {
    await this.deps.ctx.items.connection.set({ state: "connected", email: data.email, planType: data.planType, automaticBackups: data.automaticBackups, message: null });
  }

  refresh = async (): Promise<void> => {
    const auth = await this.auth();
    if (!auth) return;
    const answer = await callEndpoint(getExtensionConnection, {}, this.endpoint(auth));
    if (answer.ok) {
      await this.store(answer.data);
      await this.deps.refreshed();
    } else if (answer.kind === "unauthorized") await this.onUnauthorized(TOKEN_REFUSED);
  };

  onGranted = async (grant: DeviceTokenGrant, serverUrl: string): Promise<void> => {
    const { items } = this.deps.ctx;
    await items.auth.set({ serverUrl, accessToken: grant.accessToken, deviceId: grant.deviceId, deviceName: grant.deviceName, email: grant.email });
    await items.connection.set({ state: "connected", email: grant.email, planType: null, automaticBackups: false, message: null });
    await this.refresh();
    await this.deps.granted();
  };

  /** Forgets the token and what came with it; backups stay on the device. */
  async forget(): Promise<void> {
    const { local, items } = this.deps.ctx;
    await items.auth.remove();
    await local.remove([items.authKeptLocally.key, items.connection.key, items.captureRules.key]);
  }

  /** The name and browser an upload is sent under. */
  async uploader(): Promise<{ deviceName: string; browserType: Device["browserType"] }> {
    const device = await this.thisDevice();
    const auth = await this.auth();
    return { deviceName: auth?.deviceName ?? device.clientName, browserType: device.browserType };
  }
}
