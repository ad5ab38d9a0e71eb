import type { AuthUser } from "@common/api/accounts";

// How a person is named on screen: by the header (the layout, which reads no feature: decision 233) and the greetings alike.

/** The name to greet a user with: first name, else email. */
export function displayName(user: AuthUser): string {
  return user.firstName?.trim() || user.email;
}

/** Up to two initials for an avatar without an image. */
export function initials(user: AuthUser): string {
  const fromName = [user.firstName, user.lastName]
    .map((part) => part?.trim().charAt(0) ?? "")
    .join("")
    .toUpperCase();
  return fromName || user.email.charAt(0).toUpperCase() || "?";
}
