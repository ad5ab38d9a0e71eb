import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { latestMailTo } from "../server/test/mail-outbox";
import { newContext, screenshot } from "./support/browser";
import { buyPlanAndSignIn } from "./support/payments";
import { useBrowserSuite } from "./support/suite";
import { waitFor } from "./support/wait-for";

/**
 * Premium teams, points 2 and 5 of issue 19: the owner shares a backup in the Session Manager (told what never leaves),
 * a member who joined through the mailed invitation finds it under "Shared with your team" and restores it tab by
 * tab (no extension in this browser); the Team page's Insights draws charts and downloads the CSV, and shows the
 * member only their own figures.
 */
const OWNER = "team-owner@example.com";
const MEMBER = "team-member@example.com";
const TEAM = "Research crew";

describe("teams: share and restore a backup, team insights", () => {
  const suite = useBrowserSuite();

  async function joinLink(email: string): Promise<string> {
    return waitFor(`the invitation to ${email}`, async () => {
      const mail = await latestMailTo(path.join(suite.server.dataDir, "mail"), email);
      return mail?.links.find((link) => link.includes("/team/join#"));
    });
  }

  test("the owner shares a backup; a member sees it under 'Shared with your team' and restores it; insights as charts and CSV", async () => {
    const ownerContext = await newContext(suite.browser, suite.server.url);
    const memberContext = await newContext(suite.browser, suite.server.url);
    try {
      const owner = await ownerContext.newPage();
      await buyPlanAndSignIn(owner, suite.server.dataDir, "premium", OWNER);
      await owner.goto("/team");
      await owner.getByLabel("Team name").fill(TEAM);
      await owner.getByRole("button", { name: "Create team" }).click();
      await owner.getByLabel("Email address").fill(MEMBER);
      await owner.getByRole("button", { name: "Send invitation" }).click();

      const member = await memberContext.newPage();
      await member.goto(new URL(await joinLink(MEMBER)).pathname + new URL(await joinLink(MEMBER)).hash);
      await member.getByRole("button", { name: `Join ${TEAM}` }).click();
      await member.waitForURL(/\/team$/);

      // The owner saves this page as a backup and shares it, reading what is never shared.
      await owner.goto("/sessions");
      await owner.getByRole("button", { name: "Save current session" }).click();
      const saved = owner.getByRole("button", { name: /Manual save/ }).first();
      await saved.waitFor();
      const sessionName = (await saved.locator("span.font-medium").first().textContent()) ?? "";
      await saved.click();
      const sharing = owner.getByRole("region", { name: "Team sharing" });
      await sharing.getByText(/Form entries \(including end-to-end encrypted ones\).*are never shared/).waitFor();
      await sharing.getByRole("button", { name: "Share with your team" }).click();
      await sharing.getByText(`Shared with ${TEAM}`, { exact: false }).waitFor();
      await sharing.getByRole("button", { name: "Stop sharing" }).waitFor();
      await screenshot(owner, "team-sharing-owner-shared");

      // The member finds it and restores it: without the extension the tabs open one after another.
      await member.goto("/sessions");
      const shared = member.getByRole("list", { name: "Shared with your team" });
      await shared.getByText(sessionName, { exact: true }).waitFor();
      await shared.getByText(`shared by ${OWNER}`, { exact: false }).waitFor();
      await shared.getByRole("button", { name: `Show the tabs of ${sessionName}` }).click();
      const tabs = member.getByRole("list", { name: "Shared tabs" }).getByRole("link");
      await tabs.first().waitFor();
      const tabCount = await tabs.count();
      assert.ok(tabCount >= 1);
      await screenshot(member, "team-sharing-member-list");
      const opened: Page[] = [];
      memberContext.on("page", (page) => opened.push(page));
      await shared.getByRole("button", { name: `Restore ${sessionName}` }).click();
      await member.getByText("Session Restored", { exact: true }).waitFor();
      await waitFor("the restored tabs", async () => opened.length >= tabCount, 10_000);

      // Insights: the owner sees every member with charts and downloads the CSV.
      await owner.goto("/team");
      const insights = owner.getByRole("region", { name: "Insights" });
      await insights.getByText("Tabs protected", { exact: true }).first().waitFor();
      await insights.locator(".recharts-bar-rectangle").first().waitFor();
      await insights.getByRole("rowheader", { name: MEMBER }).waitFor();
      await insights.getByRole("rowheader", { name: OWNER }).waitFor();
      await insights.scrollIntoViewIfNeeded();
      await screenshot(owner, "team-insights-owner");
      const [download] = await Promise.all([owner.waitForEvent("download"), insights.getByRole("link", { name: "Download CSV" }).click()]);
      assert.match(download.suggestedFilename(), /^tabvault-team-insights-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await readFile((await download.path()) ?? "", "utf8");
      const lines = csv.trim().split("\r\n");
      assert.equal(lines[0], "week,email,name,role,tabsProtected,emergencyBackups,restores");
      assert.equal(lines.length, 1 + 2 * 8);
      // The member's restore is in this week's line.
      assert.ok(lines.some((line) => line.startsWith(`${lines.at(-1)?.split(",")[0]},${MEMBER},`) && line.endsWith(",1")), csv);

      // The member sees their own figures only.
      await member.goto("/team");
      const own = member.getByRole("region", { name: "Insights" });
      await own.getByRole("rowheader", { name: MEMBER }).waitFor();
      assert.equal(await own.getByRole("rowheader", { name: OWNER }).count(), 0);
      await screenshot(member, "team-insights-member");
    } finally {
      await ownerContext.close();
      await memberContext.close();
    }
  });
});
