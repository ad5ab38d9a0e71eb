/**
 * The `next` of a sign-in link as a path on our own site, or null. Anything that would leave the
 * origin (`//evil.example`, `https://…`, `/\evil`, control characters) is dropped, so the
 * callback can never be used as an open redirect.
 */
export function sameOriginPath(next: string | undefined | null, publicUrl: string): string | null {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(next)) return null;
  let resolved: URL;
  try {
    resolved = new URL(next, publicUrl);
  } catch {
    return null;
  }
  if (resolved.origin !== new URL(publicUrl).origin) return null;
  // API paths are navigations that act (sign out, sign in again): never a place to land.
  if (resolved.pathname === "/api" || resolved.pathname.startsWith("/api/")) return null;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
