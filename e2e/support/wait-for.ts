/**
 * Polls `probe` every `pollMs` (100 ms unless said) until it gives a value, for conditions outside any page (the extension's
 * storage, the server's list, the browser's windows) that playwright's own waits cannot watch.
 */
export async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 15_000, pollMs = 100): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
