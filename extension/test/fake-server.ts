import { gunzipSync } from "node:zlib";
import { uploadBrowserBackupRequestSchema, type BrowserBackup, type BrowserBackupTrigger, type UploadBrowserBackupRequest } from "@common/api/browser-backups";
import { PLAIN_TAB_REFUSED_MESSAGE, type FormEncryption } from "@common/api/encryption";
import { pushOpenTabsRequestSchema, type OpenTabs } from "@common/api/open-tabs";
import type { AutomationRule } from "@common/api/automation";
import { featureNeedsPlanMessage } from "@common/plan-features";
import { defaultProtectionSettings, type EffectiveProtectionSettings } from "@common/api/protection";

/**
 * The server side of the extension's API in memory, as the contracts describe it: device
 * authorization, idempotent gzip uploads, the connection and the backup list. Tests switch it off,
 * make it fail, or revoke the token.
 */
export class FakeServer {
  readonly origin = "http://localhost:3000";
  mode: "up" | "down" | "error" = "up";
  /** The connect page a pairing start names; a hostile server's tests set another site (decision 220). */
  pairingPage = "/connect?code=BCDF-GHJK";
  /** The next poll answers (then authorization_pending). */
  pollAnswers: { status: number; body: unknown }[] = [];
  token = "device-token-1";
  revoked = false;
  automaticBackups = true;
  /** The plan the connection endpoint reports; open tabs are refused below Pro. */
  planType = "basic";
  /** What GET /api/account/encryption answers (decision 177). */
  formEncryption: FormEncryption = { enabled: false };
  /** What GET /api/protection/settings answers: the settings in effect with the team's policy (decision 185). */
  settings: EffectiveProtectionSettings = { ...defaultProtectionSettings, teamPolicy: null };
  /** The device the token belongs to, as the connection endpoint names it. */
  deviceId = "d1";
  /** Open tabs by device id, the newest capture kept, as the server does. */
  readonly openTabs = new Map<string, OpenTabs>();
  /** The account's workflow-automation rules (decision 180); listed as running on Premium only, as the server does. */
  automationRules: AutomationRule[] = [];
  /** While set, an open-tabs push waits for it before it is stored: a slow answer, as on a loaded server. */
  openTabsPushGate: Promise<void> | null = null;
  /** Drops the answer of the next upload after storing it: the device never hears back. */
  loseNextAnswer = false;
  readonly uploads: { snapshotId: string; trigger: string; request: UploadBrowserBackupRequest; gzip: boolean }[] = [];
  readonly requests: { method: string; path: string; authorization: string | null; contentEncoding: string | null }[] = [];
  polls = 0;
  backups: BrowserBackup[] = [];
  /** Each listed backup's tags and note by its id, as the person set them (sealed or not, decision 237); none by default. */
  readonly labels = new Map<string, { tags: string[]; note: string | null }>();
  /** Backups shared with the account's team (decision 190), as GET /api/team/shared-sessions/:id answers them. */
  sharedBackups: BrowserBackup[] = [];
  /** Lists every upload as a backup, for the popup and restores (the smoke test's stand-in server). */
  keepUploads = false;
  /** The server's version, as GET /api/health says it. */
  version = "0.1.0";
  /**
   * The server's refusal of an upload, when it has one (a plan limit, a shape it does not take): answered with its status
   * and words instead of storing. Automatic backups on Free are refused as the real server refuses them.
   */
  refuse: ((upload: { trigger: BrowserBackupTrigger; snapshotId: string }) => { status: number; message: string } | null) | null = null;

  /** Whether the account seals titles and addresses (decision 199): a plain tab is then refused, as the server does. */
  private sealsTabLocations(): boolean {
    return this.formEncryption.enabled && this.formEncryption.sealsTabLocations;
  }

  private refusesPlain(windows: { tabs: { sealedLocation?: string | null }[] }[]): boolean {
    return this.sealsTabLocations() && windows.some((window) => window.tabs.some((tab) => !tab.sealedLocation));
  }

  stored(): UploadBrowserBackupRequest[] {
    const seen = new Set<string>();
    return this.uploads.filter((upload) => !seen.has(upload.snapshotId) && seen.add(upload.snapshotId)).map((upload) => upload.request);
  }

  readonly fetch: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    const headers = new Headers(init?.headers);
    const method = init?.method ?? "GET";
    this.requests.push({ method, path: url.pathname, authorization: headers.get("authorization"), contentEncoding: headers.get("content-encoding") });
    if (this.mode === "down") throw new TypeError("Failed to fetch");
    if (this.mode === "error") return json(503, { message: "Service unavailable" });
    const authorized = headers.get("authorization") === `Bearer ${this.token}` && !this.revoked;
    const body = init?.body;

    if (method === "POST" && url.pathname === "/api/device-authorizations") {
      return json(201, { deviceCode: "device-code-1", userCode: "BCDF-GHJK", verificationUri: "/connect", verificationUriComplete: this.pairingPage, expiresIn: 600, interval: 5 });
    }
    if (method === "POST" && url.pathname === "/api/device-authorizations/token") {
      this.polls += 1;
      const next = this.pollAnswers.shift();
      if (next) return json(next.status, next.body);
      return json(400, { message: "Waiting for confirmation", error: "authorization_pending" });
    }
    if (method === "GET" && url.pathname === "/api/health") return json(200, { status: "ok", version: this.version, uptimeSeconds: 1, database: { ok: true, latencyMs: 1 } });
    if (!authorized) return json(401, { message: "The device token was revoked" });
    if (method === "GET" && url.pathname === "/api/account/encryption") return json(200, this.formEncryption);
    if (method === "GET" && url.pathname === "/api/protection/settings") return json(200, this.settings);
    if (method === "GET" && url.pathname === "/api/extension/connection") {
      return json(200, { deviceId: this.deviceId, deviceName: "Chrome on Linux", email: "ada@example.com", planType: this.planType, backupsKept: 50, automaticBackups: this.automaticBackups });
    }
    if (method === "GET" && url.pathname === "/api/automation/rules") {
      const included = this.planType === "premium";
      return json(200, { rules: this.automationRules, included, message: included ? null : `Workflow automation needs the Premium plan or higher; you are on ${this.planType}.` });
    }
    if (method === "POST" && url.pathname === "/api/browser-backups") {
      const gzip = headers.get("content-encoding") === "gzip";
      const raw = body instanceof Uint8Array ? Buffer.from(body) : Buffer.from(String(body));
      const text = gzip ? gunzipSync(raw).toString("utf8") : raw.toString("utf8");
      const parsed = uploadBrowserBackupRequestSchema.safeParse(JSON.parse(text));
      if (!parsed.success) return json(400, { message: parsed.error.issues[0]?.message ?? "invalid" });
      if (this.refusesPlain(parsed.data.windows)) return json(409, { message: PLAIN_TAB_REFUSED_MESSAGE });
      if (parsed.data.trigger === "auto_backup" && this.planType === "free") return json(403, { message: featureNeedsPlanMessage("autoBackup", "free") });
      const refusal = this.refuse?.(parsed.data);
      if (refusal) return json(refusal.status, { message: refusal.message });
      const duplicate = this.uploads.some((upload) => upload.snapshotId === parsed.data.snapshotId);
      this.uploads.push({ snapshotId: parsed.data.snapshotId, trigger: parsed.data.trigger, request: JSON.parse(text) as UploadBrowserBackupRequest, gzip });
      if (this.loseNextAnswer) {
        this.loseNextAnswer = false;
        throw new TypeError("network error: connection reset");
      }
      const tabCount = parsed.data.windows.reduce((sum, window) => sum + window.tabs.length, 0);
      if (!duplicate && this.keepUploads) {
        this.backups.unshift({
          id: crypto.randomUUID(),
          sessionName: `${parsed.data.trigger === "clear_all_detected" ? "Emergency backup" : parsed.data.trigger === "auto_backup" ? "Automatic backup" : "Manual backup"} (${tabCount} tabs)`,
          triggerEvent: parsed.data.trigger,
          deviceName: parsed.data.deviceName ?? null,
          browserType: parsed.data.browserType,
          createdAt: new Date(parsed.data.capturedAt).toISOString(),
          tabCount,
          windows: parsed.data.windows.map((window) => ({
            ...window,
            left: window.left ?? null,
            top: window.top ?? null,
            width: window.width ?? null,
            height: window.height ?? null,
            tabs: window.tabs.map((tab) => ({ url: tab.url, title: tab.title, faviconUrl: tab.faviconUrl ?? null, sealedLocation: tab.sealedLocation ?? null, pinned: tab.pinned, active: tab.active, groupId: tab.groupId ?? null, lastAccessed: tab.lastAccessed ?? null, formData: tab.formData, scrollPosition: tab.scrollPosition })),
          })),
          groups: parsed.data.groups,
        });
      }
      return json(duplicate ? 200 : 201, { backupId: `b-${parsed.data.snapshotId}`, tabCount, windowCount: parsed.data.windows.length, duplicate, message: "Backed up" });
    }
    if (method === "GET" && url.pathname === "/api/saved-sessions") {
      return json(
        200,
        this.backups.map((backup) => ({
          ...backup,
          restorable: true,
          appCount: 0,
          sizeBytes: 100,
          tags: this.labels.get(backup.id)?.tags ?? [],
          note: this.labels.get(backup.id)?.note ?? null,
          pinned: false,
          sealedTabCount: backup.windows.reduce((sum, window) => sum + window.tabs.filter((tab) => tab.sealedLocation).length, 0),
          windows: undefined,
          groups: undefined,
        })).map(({ windows: _w, groups: _g, ...summary }) => summary),
      );
    }
    if (url.pathname.startsWith("/api/open-tabs") && !["pro", "premium"].includes(this.planType)) {
      return json(403, { message: "Open tabs on your other devices needs the Pro plan or higher; you are on Basic." });
    }
    if (method === "PUT" && url.pathname === "/api/open-tabs") {
      if (this.openTabsPushGate) await this.openTabsPushGate;
      const raw = body instanceof Uint8Array ? Buffer.from(body) : Buffer.from(String(body));
      const text = headers.get("content-encoding") === "gzip" ? gunzipSync(raw).toString("utf8") : raw.toString("utf8");
      const parsed = pushOpenTabsRequestSchema.safeParse(JSON.parse(text));
      if (!parsed.success) return json(400, { message: parsed.error.issues[0]?.message ?? "invalid" });
      if (this.refusesPlain(parsed.data.windows)) return json(409, { message: PLAIN_TAB_REFUSED_MESSAGE });
      const stored = this.openTabs.get(this.deviceId);
      const capturedAt = new Date(parsed.data.capturedAt).toISOString();
      const windows = parsed.data.windows.map((window) => ({
        ...window,
        left: window.left ?? null,
        top: window.top ?? null,
        width: window.width ?? null,
        height: window.height ?? null,
        tabs: window.tabs.map((tab) => ({ url: tab.url, title: tab.title, faviconUrl: tab.faviconUrl ?? null, sealedLocation: tab.sealedLocation ?? null, pinned: tab.pinned, active: tab.active, groupId: tab.groupId ?? null, formData: tab.formData, scrollPosition: tab.scrollPosition })),
      }));
      const tabCount = windows.reduce((sum, window) => sum + window.tabs.length, 0);
      if (stored && stored.capturedAt >= capturedAt) return json(200, { applied: false, tabCount: stored.tabCount, capturedAt: stored.capturedAt, message: "newer stored" });
      this.openTabs.set(this.deviceId, { deviceId: this.deviceId, deviceName: "Chrome on Linux", browserType: parsed.data.browserType, capturedAt, tabCount, windowCount: windows.length, windows, groups: parsed.data.groups });
      return json(200, { applied: true, tabCount, capturedAt, message: `${tabCount} open tabs stored` });
    }
    if (method === "GET" && url.pathname === "/api/open-tabs") {
      return json(200, [...this.openTabs.values()].map(({ windows: _w, groups: _g, ...summary }) => summary));
    }
    const openTabsOf = /^\/api\/open-tabs\/([^/]+)$/.exec(url.pathname);
    if (method === "GET" && openTabsOf) {
      const found = this.openTabs.get(decodeURIComponent(openTabsOf[1] ?? ""));
      return found ? json(200, found) : json(404, { message: "No open tabs for this device" });
    }
    const shared = /^\/api\/team\/shared-sessions\/([^/]+)$/.exec(url.pathname);
    if (method === "GET" && shared) {
      const backup = this.sharedBackups.find((item) => item.id === decodeURIComponent(shared[1] ?? ""));
      return backup ? json(200, backup) : json(404, { message: "No such backup is shared with your team." });
    }
    const detail = /^\/api\/browser-backups\/([^/]+)$/.exec(url.pathname);
    if (method === "GET" && detail) {
      const backup = this.backups.find((item) => item.id === decodeURIComponent(detail[1] ?? ""));
      return backup ? json(200, backup) : json(404, { message: "Backup not found" });
    }
    return json(404, { message: "Not found" });
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}
