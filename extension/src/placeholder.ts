/** What a placeholder tab stands for; null unless its URL is http(s) (never javascript: or a file). */
export function placeholderTarget(search: string): { url: string; title: string; favicon: string | null } | null {
  const params = new URLSearchParams(search);
  const url = params.get("url") ?? "";
  if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) return null;
  const favicon = params.get("favicon");
  return { url, title: params.get("title") ?? "", favicon: favicon && /^(https?:\/\/|data:image\/)/.test(favicon) ? favicon : null };
}

/** What a placeholder page shows: the saved title (or, untitled, the address), the address, and the icon if any. */
export function placeholderDrawing(search: string): { title: string; url: string; favicon: string | null } | null {
  const target = placeholderTarget(search);
  return target ? { title: target.title || target.url, url: target.url, favicon: target.favicon } : null;
}
