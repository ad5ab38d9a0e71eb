/**
 * Paths that belong to the server, never to the client app: the API and signed download links. The SPA
 * fallback never answers them and the service worker never caches or answers them.
 */
export const serverPathPatterns: readonly RegExp[] = [/^\/api(?:[/?]|$)/, /^\/download\//];

export function isServerPath(path: string): boolean {
  return serverPathPatterns.some((pattern) => pattern.test(path));
}
