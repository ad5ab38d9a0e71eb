import { PRODUCT_NAME } from "@common/product";
import { Link } from "wouter";
import { Logo } from "./Logo";
import { footerNav } from "./navigation";

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-800 bg-slate-950 text-slate-400">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid gap-10 md:grid-cols-[1.4fr_repeat(3,1fr)]">
          <div className="max-w-sm">
            <Link href="/" className="inline-block rounded-md" aria-label="TabVault home">
              <Logo inverse />
            </Link>
            <p className="mt-4 text-sm leading-6">
              Keeps every tab of your browser backed up off the device, so a session lost to an accidental Clear All
              comes back in one click.
            </p>
          </div>
          <nav aria-label="Footer" className="col-span-full grid grid-cols-2 gap-8 sm:grid-cols-3 md:col-span-3">
            {footerNav.map((group) => (
              <div key={group.heading}>
                <h2 className="text-sm font-semibold text-white">{group.heading}</h2>
                <ul className="mt-4 space-y-3">
                  {group.items.map((item) => (
                    <li key={item.href}>
                      <Link href={item.href} className="text-sm transition-colors hover:text-white">
                        {item.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>
        <div className="mt-12 border-t border-slate-800 pt-6 text-sm">
          <p>
            © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
