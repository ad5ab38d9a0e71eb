import type { AuthUser } from "@common/api/accounts";
import type { ClientRoute } from "@common/routes";

export interface NavItem {
  label: string;
  href: ClientRoute;
}

/** Top navigation links. Admin is added for admins only. */
export const primaryNav: NavItem[] = [
  { label: "Block Clear All", href: "/clear-all-blocker" },
  { label: "Download", href: "/download" },
  { label: "Documentation", href: "/documentation" },
  { label: "Support", href: "/contact" },
  { label: "Verify Account", href: "/verify" },
];

export const adminNav: NavItem = { label: "Admin", href: "/admin" };

/** The team's page, for whoever is in a team or could create one. */
export const teamNav: NavItem = { label: "Team", href: "/team" };

/** The signed-in person's own account: profile, sessions and devices, export, deletion (decision 137). */
export const accountNav: NavItem = { label: "Account", href: "/account" };

/**
 * The top navigation for whoever is looking: "Verify Account" goes once their own address is verified (there
 * is nothing left for them to verify), Account comes for anyone signed in, and Admin for admins.
 */
export function navItemsFor(user: Pick<AuthUser, "emailVerified" | "isAdmin" | "planType" | "team"> | null): NavItem[] {
  const items = user?.emailVerified ? primaryNav.filter((item) => item.href !== "/verify") : primaryNav;
  if (!user) return items;
  const team = user.team || user.planType === "premium" ? [teamNav] : [];
  return [...items, ...team, accountNav, ...(user.isAdmin ? [adminNav] : [])];
}

/** Footer link groups. */
export const footerNav: { heading: string; items: NavItem[] }[] = [
  {
    heading: "Product",
    items: [
      { label: "Download", href: "/download" },
      { label: "Changelog", href: "/changelog" },
      { label: "Documentation", href: "/documentation" },
    ],
  },
  {
    heading: "Support",
    items: [
      { label: "Help Center", href: "/help-center" },
      { label: "Contact", href: "/contact" },
      { label: "System Status", href: "/system-status" },
    ],
  },
  {
    heading: "Company",
    items: [
      { label: "About", href: "/about" },
      { label: "Privacy", href: "/privacy" },
      { label: "Terms", href: "/terms" },
      { label: "Security", href: "/security" },
    ],
  },
];
