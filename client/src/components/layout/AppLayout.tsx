import { type ReactNode, useEffect } from "react";
import { useLocation } from "wouter";
import { SiteFooter } from "./SiteFooter";
import type { HeaderAccount } from "./header-account";
import { SiteHeader } from "./SiteHeader";

/** The shared frame of every screen: sticky header, the page, footer. `account` is who the header shows and its buttons. */
export function AppLayout({ account, children }: { account: HeaderAccount; children: ReactNode }) {
  const [location] = useLocation();

  // A new page starts at the top, unless the URL names a section to scroll to.
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [location]);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <SiteHeader account={account} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
