/** "Data saved" as the dashboard shows it (spec 1 §3: text such as 0MB), e.g. 0MB, 340KB, 2.4MB. */
export function formatDataSize(bytes: number): string {
  if (bytes <= 0) return "0MB";
  if (bytes < 100_000) return `${Math.max(1, Math.round(bytes / 1000))}KB`;
  if (bytes < 1_000_000_000) return `${(bytes / 1_000_000).toFixed(1)}MB`;
  return `${(bytes / 1_000_000_000).toFixed(1)}GB`;
}
