import type { ClientRoute } from "@common/routes";
import { LogIn } from "lucide-react";
import { useId } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";

export interface SignInReason {
  /** What signing in opens, e.g. "Sign in to open the Session Manager". */
  title: string;
  text: string;
}

/**
 * Above the landing page on a signed-in-only screen: says what is behind it and offers the Sign In
 * that comes back here afterwards. Without it, a signed-out visitor saw the landing page under /sessions with no
 * word about signing in, and the hero's "Protection Settings" button seemed to do nothing.
 */
export function SignInPrompt({ route, reason }: { route: ClientRoute; reason: SignInReason }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="border-b border-brand-100 bg-brand-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <div className="flex items-start gap-4">
          <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-white text-brand-700 ring-1 ring-brand-200">
            <LogIn className="size-5" aria-hidden="true" />
          </span>
          <div>
            <h2 id={headingId} className="text-lg font-semibold text-slate-900">
              {reason.title}
            </h2>
            <p className="mt-1 max-w-2xl text-sm leading-6 text-slate-600">
              {reason.text} No password: we email you a link, and a new address gets a free account.
            </p>
          </div>
        </div>
        <Button asChild size="lg" className="shrink-0">
          <Link href={`/sign-in?next=${encodeURIComponent(route)}`}>
            <LogIn aria-hidden="true" />
            Sign In
          </Link>
        </Button>
      </div>
    </section>
  );
}
