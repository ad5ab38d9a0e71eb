import * as Dialog from "@radix-ui/react-dialog";
import { LayoutDashboard, LogOut, Menu, X } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { sectionLinks } from "@/lib/sections";
import { cn } from "@/lib/class-names";
import { displayName } from "@/lib/user-names";
import type { HeaderAccount } from "./header-account";
import { Logo } from "./Logo";
import type { NavItem } from "./navigation";
import { SectionLink } from "./SectionLink";
import { UserAvatar } from "./UserAvatar";

const itemClass = (active: boolean) =>
  cn(
    "flex items-center rounded-lg px-3 py-3 text-base font-medium transition-colors hover:bg-slate-100",
    active ? "bg-brand-50 text-brand-700" : "text-slate-700",
  );

/** The menu below the lg breakpoint: a Radix dialog sliding in from the right, closing on navigation. */
export function MobileMenu({ navItems, account }: { navItems: NavItem[]; account: HeaderAccount }) {
  const [open, setOpen] = useState(false);
  const { user, isLoading, signIn, getStarted, signOut } = account;
  const close = () => setOpen(false);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu">
          <Menu className="size-6!" />
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40 animate-fade-in lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-xs flex-col bg-white shadow-xl outline-none animate-fade-in lg:hidden"
        >
          <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
            <Dialog.Title asChild>
              <span>
                <Logo />
                <span className="sr-only"> menu</span>
              </span>
            </Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close">
                <X className="size-6!" />
              </Button>
            </Dialog.Close>
          </div>

          <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-3 py-4">
            <ul className="flex flex-col gap-1">
              {user
                ? null
                : sectionLinks.map((item) => (
                    <li key={item.id}>
                      <SectionLink section={item.id} className={itemClass(false)} onNavigate={close}>
                        {item.label}
                      </SectionLink>
                    </li>
                  ))}
              {navItems.map((item) => (
                <li key={item.href}>
                  <Link href={item.href} className={itemClass} onClick={close}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>

          <div className="border-t border-slate-200 p-4">
            {isLoading ? null : user ? (
              <div className="flex flex-col gap-3">
                <div className="flex items-center gap-3">
                  <UserAvatar user={user} className="size-10" />
                  <span className="truncate text-sm font-medium text-slate-800">{displayName(user)}</span>
                </div>
                <Button asChild variant="outline">
                  <Link href="/" onClick={close}>
                    <LayoutDashboard />
                    Dashboard
                  </Link>
                </Button>
                <Button variant="ghost" onClick={signOut}>
                  <LogOut />
                  Sign Out
                </Button>
              </div>
            ) : (
              <div className="flex flex-col gap-2">
                <Button
                  onClick={() => {
                    close();
                    getStarted();
                  }}
                >
                  Get Started
                </Button>
                <Button
                  variant="outline"
                  onClick={() => {
                    close();
                    signIn();
                  }}
                >
                  Sign In
                </Button>
              </div>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
