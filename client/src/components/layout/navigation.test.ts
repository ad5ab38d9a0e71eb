import { describe, expect, it } from "vitest";
import { navItemsFor } from "./navigation";

const labels = (user: Parameters<typeof navItemsFor>[0]) => navItemsFor(user).map((item) => item.label);

describe("the top navigation", () => {
  it("offers Verify Account to visitors and to a signed-in person whose address is not verified yet", () => {
    expect(labels(null)).toEqual(["Block Clear All", "Download", "Documentation", "Support", "Verify Account"]);
    expect(labels({ emailVerified: false, isAdmin: false })).toContain("Verify Account");
  });

  it("drops Verify Account once the address is verified, adds Account for anyone signed in and Admin for admins", () => {
    expect(labels({ emailVerified: true, isAdmin: false })).toEqual(["Block Clear All", "Download", "Documentation", "Support", "Account"]);
    expect(labels({ emailVerified: true, isAdmin: true })).toEqual(["Block Clear All", "Download", "Documentation", "Support", "Account", "Admin"]);
  });
});
