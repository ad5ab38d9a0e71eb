import { describe, expect, it } from "vitest";
import { browserBackup, browserSession, browserTab, tab } from "../test/backup-payloads";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";
import { backupTabsView } from "./table";

/**
 * What a careless client might send: secrets under their usual names, and a card number under an
 * innocent one. None of it may reach the database, whichever route carries it.
 */
const sentFormData = {
  comment: "Please call after 5",
  password: "hunter2-secret-value",
  "new-password": "another-secret-value",
  otp: "492817",
  "one-time-code": "771203",
  "cc-csc": "737",
  cvv: "373",
  notes: "4242 4242 4242 4242",
};
const secrets = ["hunter2-secret-value", "another-secret-value", "492817", "771203", "737", "373", "4242 4242 4242 4242"];
const kept = { comment: "Please call after 5" };

describe("the server keeps private form fields out of every backup, whatever the client sent", () => {
  const server = useTestApp();
  let cookie = "";
  const email = "private@example.com";
  const asOwner = () => withSession(cookie);

  async function storedFormData(): Promise<string> {
    return JSON.stringify(await server.database.db.select({ formData: backupTabsView.formData }).from(backupTabsView));
  }

  it("the web app's save (POST /api/saved-sessions)", async () => {
    cookie = (await signIn(server.app, server.mailDir, email)).cookie;
    const saved = await server.app.inject({
      method: "POST",
      url: "/api/saved-sessions",
      payload: { sessionName: "Form", browserSession: browserSession(1, { tabs: [tab(0, { formData: sentFormData })] }) },
      ...asOwner(),
    });
    expect(saved.statusCode).toBe(201);
    const detail = await server.app.inject({ method: "GET", url: `/api/saved-sessions/${saved.json().sessionId}`, ...asOwner() });
    expect(detail.json().browserTabs[0].formData).toEqual(kept);
  });

  it("the apps' emergency backup (POST /api/protection/android-clear-all)", async () => {
    const saved = await server.app.inject({
      method: "POST",
      url: "/api/protection/android-clear-all",
      payload: { userEmail: email, browserSession: browserSession(1, { tabs: [tab(0, { formData: sentFormData })] }) },
      ...asOwner(),
    });
    expect(saved.statusCode).toBe(201);
    const detail = await server.app.inject({ method: "GET", url: `/api/saved-sessions/${saved.json().sessionId}`, ...asOwner() });
    expect(detail.json().browserTabs[0].formData).toEqual(kept);
  });

  it("the extension's upload (POST /api/browser-backups)", async () => {
    const created = await server.app.inject({ method: "POST", url: "/api/device-tokens", payload: { name: "Laptop" }, ...asOwner() });
    const token = created.json().token as string;
    const upload = browserBackup(1);
    upload.windows[0]!.tabs = [browserTab(0, { formData: sentFormData })];
    const saved = await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: upload, headers: { authorization: `Bearer ${token}` } });
    expect(saved.statusCode).toBe(201);
    const detail = await server.app.inject({ method: "GET", url: `/api/browser-backups/${saved.json().backupId}`, ...asOwner() });
    expect(detail.json().windows[0].tabs[0].formData).toEqual(kept);
  });

  it("and none of it is in the database", async () => {
    const stored = await storedFormData();
    expect(stored).toContain("Please call after 5");
    for (const secret of secrets) expect(stored).not.toContain(secret);
  });
});
