import { useQuery } from "@tanstack/react-query";
import { Lock } from "lucide-react";
import { Link } from "wouter";
import { useAuth } from "@/features/accounts/useAuth";
import { openedFormData } from "./form-sealer";

const shown = (value: string) => (value.length > 60 ? `${value.slice(0, 60)}…` : value);

/**
 * A tab's sealed form entries in the Session Manager, on one line: opened with this browser's key for the tab's page
 * (`page`, null while the page itself is still sealed here), or said to be locked.
 */
export function EncryptedFormValues({ formData, page }: { formData: Record<string, string>; page: string | null }) {
  const { user } = useAuth();
  const email = user?.email ?? "";
  const opened = useQuery({
    queryKey: ["opened-form-data", email, formData, page],
    queryFn: () => openedFormData(email, formData, page ?? ""),
    enabled: email !== "" && page !== null,
    staleTime: Infinity,
  });
  const typed = opened.data ? Object.entries(opened.data).map(([name, value]) => `${name} = “${shown(value)}”`).join(", ") : null;
  return (
    <span className="flex min-w-0 items-center gap-1.5" title={typed ?? undefined}>
      <Lock className="size-3.5 shrink-0 text-brand-600" aria-hidden="true" />
      {typed !== null ? (
        <span className="truncate">Encrypted form values: {typed}</span>
      ) : (
        <span className="truncate">
          Form values encrypted
          {opened.isPending ? null : (
            <>
              {" "}
              —{" "}
              <Link href="/account#encryption" className="font-medium text-brand-700 underline">
                unlock this browser
              </Link>{" "}
              to see them
            </>
          )}
        </span>
      )}
    </span>
  );
}
