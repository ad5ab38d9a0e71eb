import { signIn } from "@common/api/accounts";
import { endpointUrl } from "@common/api/endpoint";

// Not in useAuthActions: the dialogs that hook opens link to sign-in too, and taking these from the hook's
// module made an import cycle. Nothing in the entry chunk imports this module: the contract brings zod.

/** The sign-in navigation for an address: the server mails a link and shows "Check your email". */
export function loginHref(email?: string, next?: string): string {
  return endpointUrl(signIn, { query: { email: email || undefined, next: next || undefined } });
}
