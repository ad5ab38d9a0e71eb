import type { AuthUser } from "@common/api/accounts";
import { useState } from "react";
import { initials } from "@/lib/user-names";
import { cn } from "@/lib/class-names";

/** The user's profile image, or their initials when there is none or it fails to load. */
export function UserAvatar({ user, className }: { user: AuthUser; className?: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = user.profileImageUrl;
  const base = cn("inline-flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full", className);
  if (url && url !== failedUrl) {
    return (
      <img
        src={url}
        alt=""
        className={cn(base, "object-cover")}
        referrerPolicy="no-referrer"
        onError={() => setFailedUrl(url)}
      />
    );
  }
  return (
    <span className={cn(base, "bg-brand-100 text-xs font-semibold text-brand-700")} aria-hidden="true">
      {initials(user)}
    </span>
  );
}
