/** The token of an `Authorization: Bearer …` header, or null when there is none ("" for a malformed one). */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? "";
}
