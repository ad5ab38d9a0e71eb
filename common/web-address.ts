/**
 * Whether an address from server data may be opened: only a web page, http or https (decision 220). A server that
 * turned hostile could otherwise hand a browser a `javascript:`, `data:`, `file:` or browser-internal address to open
 * in a backup, an open-tabs list or a pairing answer; every place that opens or links such an address asks this.
 */
export function isWebAddress(address: string): boolean {
  if (!/^https?:\/\//i.test(address)) return false;
  try {
    const { protocol } = new URL(address);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}
