import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { DESKTOP, MOBILE, newContext, screenshot } from "./support/browser";
import { mailedLinkFor, openSignInLink, signInLinkFor, signInThroughMail } from "./support/mail";
import { buyPlanAndSignIn } from "./support/payments";
import { useBrowserSuite } from "./support/suite";

const OWNER = "team-owner@example.com";
const INVITEE = "team-invitee@example.com";

describe("teams (issue 19): create, invite and join, admin controls, removal", () => {
  const suite = useBrowserSuite();

  test("a Premium owner creates a team and invites by email; the link signs the invitee in and joins; the owner disconnects their device and removes them", async () => {
    const ownerContext = await newContext(suite.browser, suite.server.url, DESKTOP);
    const owner = await ownerContext.newPage();
    await buyPlanAndSignIn(owner, suite.server.dataDir, "premium", OWNER);
    await owner.getByRole("navigation").first().getByRole("link", { name: "Team", exact: true }).click();
    await owner.getByRole("heading", { level: 1, name: "Team" }).waitFor();
    await owner.getByLabel("Team name").fill("Acme Research");
    await owner.getByRole("button", { name: "Create team" }).click();
    await owner.getByRole("heading", { level: 1, name: "Acme Research" }).waitFor();
    await owner.getByText("You own this team. Everyone in it gets Premium while they belong to it.").waitFor();
    await owner.getByText("1 of 10 seats used (members and pending invitations).").waitFor();

    await owner.getByLabel("Email address").fill(INVITEE);
    await owner.getByRole("button", { name: "Send invitation" }).click();
    await owner.getByText(`${INVITEE} can join with the link in their email for 7 days.`).first().waitFor();
    await owner.getByRole("region", { name: "Invite people" }).getByText(INVITEE).waitFor();
    await owner.getByText("2 of 10 seats used (members and pending invitations).").waitFor();

    // The invitee, signed out in another browser, opens the mailed link: it asks first, then signs in and joins.
    const link = await mailedLinkFor(suite.server.dataDir, INVITEE, "/team/join#token=", 0);
    const inviteeContext = await newContext(suite.browser, suite.server.url, MOBILE);
    const invitee = await inviteeContext.newPage();
    await invitee.goto(link);
    await invitee.getByRole("heading", { name: "Join Acme Research?" }).waitFor();
    await invitee.getByText(`${OWNER} invited ${INVITEE} to join as a member.`, { exact: false }).waitFor();
    await screenshot(invitee, "team-join-390");
    await invitee.getByRole("button", { name: "Join Acme Research" }).click();
    await invitee.getByRole("heading", { level: 1, name: "Acme Research" }).waitFor();
    await invitee.getByText("You are a member of this team.", { exact: false }).waitFor();
    assert.equal(await invitee.getByRole("region", { name: "Invite people" }).count(), 0, "a member invites nobody");
    assert.equal(await invitee.getByRole("button", { name: /^Remove / }).count(), 0, "a member removes nobody");
    await screenshot(invitee, "team-member-390");
    const wide = await invitee.evaluate(() =>
      [...document.querySelectorAll("body *")].filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5).map((element) => element.tagName),
    );
    assert.deepEqual(wide, [], "nothing runs off a 390 px screen");
    // The team's plan is theirs while they belong; the Account page says where it comes from.
    await invitee.goto("/account");
    await invitee.getByText("through your team Acme Research").waitFor();
    // The invitee connects a device (a token for an app), which the owner will see and disconnect.
    await invitee.getByLabel("Device name").fill("Field laptop");
    await invitee.getByRole("button", { name: "Create token" }).click();
    await invitee.getByText("Copy it now: it will not be shown again.", { exact: false }).waitFor();

    // The owner sees the new member, their device, and disconnects it.
    await owner.reload();
    const members = owner.getByRole("region", { name: "Members" });
    await members.getByText(INVITEE).first().waitFor();
    await owner.getByText("2 of 10 seats used (members and pending invitations).").waitFor();
    await members.getByRole("button", { name: `Browsers of ${INVITEE}` }).click();
    const devices = owner.getByRole("list", { name: `Connected browsers of ${INVITEE}` });
    await devices.getByText("Field laptop").waitFor();
    await screenshot(owner, "team-owner-1280");
    await devices.getByRole("button", { name: `Disconnect Field laptop of ${INVITEE}` }).click();
    await owner.getByText(`Field laptop of ${INVITEE} is signed out of TabVault.`).first().waitFor();
    await owner.getByText("No connected browsers or apps.").waitFor();

    // Promote, then remove; the audit log tells each act.
    await members.getByLabel(`Role of ${INVITEE}`).selectOption("admin");
    await owner.getByText(`${INVITEE} is now admin.`).first().waitFor();
    await members.getByRole("button", { name: `Remove ${INVITEE}` }).click();
    await owner.getByText(`${INVITEE} is no longer in Acme Research.`).first().waitFor();
    const log = owner.getByRole("region", { name: "Audit log" });
    for (const line of ["Created the team", "Invited", "Joined", "Disconnected a browser of", "Changed the role of", "Removed"]) {
      await log.getByText(line, { exact: false }).first().waitFor();
    }
    await screenshot(owner, "team-audit-1280");

    // Removed: at once, the invitee's next look shows no team and their own Free plan.
    await invitee.goto("/team");
    await invitee.getByRole("heading", { name: "Create a team" }).waitFor();
    await invitee.getByText("Teams come with the Premium plan.", { exact: false }).waitFor();
    const plan = await invitee.evaluate(async () => ((await (await fetch("/api/auth/user")).json()) as { planType: string }).planType);
    assert.equal(plan, "free");

    await ownerContext.close();
    await inviteeContext.close();
  });

  test("an invitation for an address that has an account asks for a normal sign-in, which brings the person back to join", async () => {
    const owner2 = "crew-owner@example.com";
    const existing = "crew-existing@example.com";
    // The invitee has had an account for a while.
    const earlierContext = await newContext(suite.browser, suite.server.url, DESKTOP);
    await signInThroughMail(await earlierContext.newPage(), suite.server.dataDir, existing, "/");
    await earlierContext.close();

    const ownerContext = await newContext(suite.browser, suite.server.url, DESKTOP);
    const owner = await ownerContext.newPage();
    await buyPlanAndSignIn(owner, suite.server.dataDir, "premium", owner2);
    await owner.goto("/team");
    await owner.getByLabel("Team name").fill("Sign-in Crew");
    await owner.getByRole("button", { name: "Create team" }).click();
    await owner.getByRole("heading", { level: 1, name: "Sign-in Crew" }).waitFor();
    await owner.getByLabel("Email address").fill(existing);
    await owner.getByRole("button", { name: "Send invitation" }).click();
    await owner.getByText(`${existing} can join with the link in their email for 7 days.`).first().waitFor();

    // Signed out, the link does not sign in: it asks for the normal sign-in.
    const link = await mailedLinkFor(suite.server.dataDir, existing, "/team/join#token=", 0);
    const inviteeContext = await newContext(suite.browser, suite.server.url, MOBILE);
    const invitee = await inviteeContext.newPage();
    await invitee.goto(link);
    await invitee.getByRole("heading", { name: "Join Sign-in Crew?" }).waitFor();
    await invitee.getByText("That address has a TabVault account, so sign in to it first.", { exact: false }).waitFor();
    assert.equal(await invitee.getByRole("button", { name: "Join Sign-in Crew" }).count(), 0, "no join before signing in");
    await screenshot(invitee, "team-join-sign-in-first-390");
    // Mail dates have whole seconds.
    const asked = Date.now();
    await invitee.getByRole("link", { name: "Sign in to join" }).click();
    await invitee.waitForURL(/\/check-email/);
    const user = await invitee.evaluate(async () => (await fetch("/api/auth/user")).status);
    assert.equal(user, 401, "still signed out: the invitation signed nobody in");

    // The mailed 15-minute sign-in link brings them back to the invitation, which now joins.
    await openSignInLink(invitee, await signInLinkFor(suite.server.dataDir, existing, asked - 1000));
    await invitee.waitForURL(/\/team\/join$/);
    await invitee.getByRole("button", { name: "Join Sign-in Crew" }).click();
    await invitee.getByRole("heading", { level: 1, name: "Sign-in Crew" }).waitFor();
    await invitee.getByText("You are a member of this team.", { exact: false }).waitFor();
    assert.equal(await invitee.evaluate(() => localStorage.getItem("tabvault_team_invitation")), null, "the kept token is gone once used");

    await ownerContext.close();
    await inviteeContext.close();
  });
});
