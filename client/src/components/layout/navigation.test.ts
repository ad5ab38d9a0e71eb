import { describe, expect, it } from "vitest";
import { navItemsFor } from "./navigation";

const labels = (user: Parameters<typeof navItemsFor>[0]) => navItemsFor(user).map((item) => item.label);

describe("the top navigation", () => {
  it("offers Verify Account to visitors and to a signed-in person whose address is not verified yet", () => {
    expect(labels(null)).toEqual(["Block Clear All", "Download", "Documentation", "Support", "Verify Account"]);
    expect(labels({ emailVerified: false, isAdmin: false, planType: "free", team: null })).toContain("Verify Account");
  });

  it("drops Verify Account once the address is verified, adds Account for anyone signed in and Admin for admins", () => {
    expect(labels({ emailVerified: true, isAdmin: false, planType: "free", team: null })).toEqual(["Block Clear All", "Download", "Documentation", "Support", "Account"]);
    expect(labels({ emailVerified: true, isAdmin: true, planType: "free", team: null })).toEqual(["Block Clear All", "Download", "Documentation", "Support", "Account", "Admin"]);
  });

  it("adds Team for Premium accounts (who can create one) and for anyone in a team", () => {
    expect(labels({ emailVerified: true, isAdmin: false, planType: "premium", team: null })).toContain("Team");
    expect(labels({ emailVerified: true, isAdmin: false, planType: "free", team: { name: "Acme", role: "member", planFromTeam: false } })).toContain("Team");
    expect(labels({ emailVerified: true, isAdmin: false, planType: "pro", team: null })).not.toContain("Team");
  });
});
