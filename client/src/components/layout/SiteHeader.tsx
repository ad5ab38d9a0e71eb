import { LayoutDashboard, LogOut } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { sectionLinks } from "@/lib/sections";
import { cn } from "@/lib/class-names";
import { Logo } from "./Logo";
import { MobileMenu } from "./MobileMenu";
import { navItemsFor } from "./navigation";
import { SectionLink } from "./SectionLink";
import type { HeaderAccount } from "./header-account";
import { IdentityLabel } from "./IdentityLabel";

const SignedInIdentity = lazy(() => import("./SignedInIdentity"));

const desktopLinkClass = (active: boolean) =>
  cn(
    "whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium transition-colors hover:bg-slate-100 hover:text-slate-900 xl:px-3",
    active ? "text-brand-700" : "text-slate-600",
  );

/** The sticky top navigation. Desktop links from lg up, a menu button below. */
export function SiteHeader({ account }: { account: HeaderAccount }) {
  const { user, isLoading, signIn, getStarted, signOut } = account;
  const navItems = navItemsFor(user);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link href="/" className="rounded-md" aria-label="TabVault home">
          <Logo />
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-0.5 lg:flex">
          {user
            ? null
            : sectionLinks.map((item) => (
                <SectionLink key={item.id} section={item.id} className={desktopLinkClass(false)}>
                  {item.label}
                </SectionLink>
              ))}
          {navItems.map((item) => (
            <Link key={item.href} href={item.href} className={desktopLinkClass}>
              {item.label}
            </Link>
          ))}
        </nav>

        <div className="hidden items-center gap-2 lg:flex">
          {isLoading ? (
            <div className="h-9 w-40" aria-hidden="true" />
          ) : user ? (
            <>
              <Suspense fallback={<IdentityLabel user={user} />}>
                <SignedInIdentity user={user} />
              </Suspense>
              <Button asChild variant="outline" size="sm">
                <Link href="/">
                  <LayoutDashboard />
                  Dashboard
                </Link>
              </Button>
              <Button variant="ghost" size="sm" onClick={signOut}>
                <LogOut />
                Sign Out
              </Button>
            </>
          ) : (
            <>
              <Button variant="ghost" size="sm" onClick={signIn}>
                Sign In
              </Button>
              <Button size="sm" onClick={getStarted}>
                Get Started
              </Button>
            </>
          )}
        </div>

        <MobileMenu navItems={navItems} account={account} />
      </div>
    </header>
  );
}
