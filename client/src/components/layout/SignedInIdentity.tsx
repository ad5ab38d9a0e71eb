import type { AuthUser } from "@common/api/accounts";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "@/components/ui/tooltip";
import { IdentityLabel } from "./IdentityLabel";

/**
 * The header's avatar and name with the "Signed in as" tooltip. Its own chunk: the tooltip's
 * positioning library is the largest thing the header would otherwise bring to every visitor's first load.
 */
export default function SignedInIdentity({ user }: { user: AuthUser }) {
  return (
    <TooltipProvider>
      <Tooltip>
        <TooltipTrigger asChild>
          <IdentityLabel user={user} />
        </TooltipTrigger>
        <TooltipContent>Signed in as {user.email}</TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
