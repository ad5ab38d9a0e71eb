import { PRODUCT_SLUG } from "@common/product";

/**
 * An invitation for an address that has an account joins only once signed in to it (decision 215). The join page
 * keeps the link's token here while the person signs in through a normal mailed link, which brings them back to
 * `/team/join`: the token never travels in a URL the server sees, and it is dropped once used, refused or past the
 * invitation's expiry.
 */
const storageKey = `${PRODUCT_SLUG}_team_invitation`;

export type InvitationStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

interface KeptInvitation {
  token: string;
  expiresAt: number;
}

export function keepInvitationDuringSignIn(token: string, expiresAt: string, storage: InvitationStorage = localStorage): void {
  const kept: KeptInvitation = { token, expiresAt: Date.parse(expiresAt) };
  storage.setItem(storageKey, JSON.stringify(kept));
}

function parseKept(text: string | null): KeptInvitation | null {
  if (text === null) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null || !("token" in parsed) || !("expiresAt" in parsed)) return null;
    const { token, expiresAt } = parsed;
    return typeof token === "string" && typeof expiresAt === "number" ? { token, expiresAt } : null;
  } catch {
    return null;
  }
}

/** The token kept before signing in, while the invitation has not expired; an expired or unreadable one is dropped. */
export function keptInvitation(now: number, storage: InvitationStorage = localStorage): string | null {
  const kept = parseKept(storage.getItem(storageKey));
  if (kept && kept.expiresAt > now) return kept.token;
  storage.removeItem(storageKey);
  return null;
}

export function forgetKeptInvitation(storage: InvitationStorage = localStorage): void {
  storage.removeItem(storageKey);
}
