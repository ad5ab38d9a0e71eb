import type { AuthUser } from "@common/api/accounts";
import type { ComponentProps } from "react";
import { displayName } from "@/lib/user-names";
import { UserAvatar } from "./UserAvatar";

/** The signed-in person's avatar and first name (or email), as the header shows them. */
export function IdentityLabel({ user, ...props }: { user: AuthUser } & ComponentProps<"span">) {
  return (
    <span className="flex items-center gap-2 pr-1 text-sm font-medium text-slate-700" {...props}>
      <UserAvatar user={user} />
      <span className="max-w-[7rem] truncate 2xl:max-w-[12rem]">{displayName(user)}</span>
    </span>
  );
}
