type Child = Node | string | number | null | undefined | false;

/** The page's element with this id, of this type: a page without it is a broken build, said at once. */
export function byId<T extends HTMLElement>(id: string, type: new () => T): T {
  const element = document.getElementById(id);
  if (!(element instanceof type)) throw new Error(`#${id} is missing from the page`);
  return element;
}

/** The element with this id if the page has it, of this type. */
export function maybeById<T extends HTMLElement>(id: string, type: new () => T): T | null {
  const element = document.getElementById(id);
  return element instanceof type ? element : null;
}

/** A tiny element builder: the popup stays plain DOM, so it opens at once without a framework. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Omit<HTMLElementTagNameMap[K], "style">> & { class?: string; style?: string; data?: Record<string, string> } = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  const { class: className, style, data, ...rest } = props;
  if (className) element.className = className;
  if (style) element.setAttribute("style", style);
  for (const [key, value] of Object.entries(data ?? {})) element.dataset[key] = value;
  Object.assign(element, rest);
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === "number" ? String(child) : child);
  }
  return element;
}

export function plural(count: number, word: string): string {
  return `${count.toLocaleString("en")} ${word}${count === 1 ? "" : "s"}`;
}

/** "just now", "5 min ago", "3 h ago", else the date. */
export function ago(time: number, now = Date.now()): string {
  const seconds = Math.round((now - time) / 1000);
  if (seconds < 45) return "just now";
  if (seconds < 3_600) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.round(seconds / 3_600)} h ago`;
  return new Date(time).toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" });
}
