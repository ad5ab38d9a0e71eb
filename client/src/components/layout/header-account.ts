import type { AuthUser } from "@common/api/accounts";

/**
 * What the header and the phone's menu show of the visitor, and what their account buttons do. The app shell fills it
 * from the accounts feature, so the shared layout reads no feature (decision 233).
 */
export interface HeaderAccount {
  user: AuthUser | null;
  /** While sign-in state loads, neither the sign-in buttons nor the identity are drawn: a signed-in person would see them flash. */
  isLoading: boolean;
  signIn: () => void;
  getStarted: () => void;
  signOut: () => void;
}
