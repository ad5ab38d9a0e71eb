import { describe, test } from "node:test";
import { DESKTOP, newContext } from "./support/browser";
import { signInThroughMail } from "./support/mail";
import { useBrowserSuite } from "./support/suite";

describe("debug", () => {
  const suite = useBrowserSuite();
  test("debug", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    const t0 = Date.now();
    page.on("request", (r) => { if (r.url().includes("/api/") || r.url().includes(".js")) console.log(Date.now()-t0, ">>", r.method(), r.url()); });
    page.on("requestfailed", (r) => console.log(Date.now()-t0, "FAILED", r.url(), r.failure()?.errorText));
    page.on("response", async (r) => { if (r.url().includes("/api/")) console.log(Date.now()-t0, "<<", r.status(), r.url()); });
    page.on("console", (m) => console.log("console:", m.text()));
    await signInThroughMail(page, suite.server.dataDir, "keeper@example.com");
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    console.log(Date.now()-t0, "goto test");
    await page.goto("/protection-test");
    await page.getByLabel("Test email").fill("typed-before-the-crash@example.com");
    console.log(Date.now()-t0, "press");
    await page.keyboard.press("Control+Shift+W");
    await page.getByText("Clear All Blocked!", { exact: true }).waitFor();
    console.log(Date.now()-t0, "toast");
    await page.goto("/sessions");
    await page.getByRole("heading", { name: "Session Manager" }).waitFor();
    await page.getByRole("tab", { name: "Emergency Backups" }).click();
    await page.waitForTimeout(2000);
    await page.screenshot({ path: "/tmp/dbg.png" });
  });
});
