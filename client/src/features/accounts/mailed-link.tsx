import type { UseQueryResult } from "@tanstack/react-query";
import { Loader2, type LucideIcon } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { AccountScreen, CheckFailedScreen } from "./AccountScreen";
import { errorStatus } from "@/lib/queryClient";

/** The token of a mailed link, which travels in the fragment: never sent to a server in a URL, so never in a log. */
function tokenInFragment(): string | null {
  return new URLSearchParams(window.location.hash.slice(1)).get("token") || null;
}

/** The mailed link's token, read once; then taken out of the address bar and history, so the page can be shared or reloaded safely. */
export function useFragmentToken(): string | null {
  const [token] = useState(tokenInFragment);
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, "", `${window.location.pathname}${window.location.search}`);
  }, []);
  return token;
}

/**
 * What a page behind a mailed link shows before it can offer its button: "Checking…" while the link is
 * read, `unusable` when it is expired or used (also when the action found it so), and a retry when the
 * check failed for another reason. Null once the link can be acted on.
 */
export function linkCheckScreen(
  link: Pick<UseQueryResult, "isPending" | "isError" | "error" | "refetch" | "isFetching">,
  actionError: unknown,
  { icon, tone, checkingTitle, unusable }: { icon: LucideIcon; tone?: "brand" | "warning"; checkingTitle: string; unusable: ReactNode },
): ReactNode | null {
  if (link.isPending) {
    return (
      <AccountScreen icon={icon} tone={tone} title={checkingTitle}>
        <p className="flex items-center gap-2 text-slate-500" role="status">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          Checking…
        </p>
      </AccountScreen>
    );
  }
  if (link.isError || errorStatus(actionError) === 404) {
    const status = errorStatus(link.error ?? actionError);
    if (status === 404 || status === 400) return unusable;
    return <CheckFailedScreen title="The link could not be checked" error={link.error} retry={() => void link.refetch()} retrying={link.isFetching} />;
  }
  return null;
}
