import { isRecord, LibraryBuilder, LibraryFileError, type LibraryFile, wholeNumber } from "../library-file";

/**
 * Firefox's session store (`sessionstore.jsonlz4` once decompressed, see mozlz4.ts): `{version:
 * ["sessionrestore", 1], windows: [{tabs, selected, sizemode, screenX, screenY, width, height, groups}],
 * selectedWindow, session}`. A tab has `entries` (its history), `index` (1-based: the current entry),
 * `pinned`, `image` (favicon), `lastAccessed`, `groupId`, and the current page's `formdata` (`{id:
 * {fieldId: value}, xpath: {xpath: value}, url, children}`, children being its frames') and `scroll` (`{scroll: "x,y"}`), older Firefox keeping
 * those two on the entry. Only the current entry is kept: its URL and title, the pin, the form values
 * the privacy rules allow (common/form-privacy.ts, through the builder) and the scroll. Closed windows
 * and closed tabs are not open tabs and are left out.
 */
export function isFirefoxSessionstore(value: unknown): boolean {
  return isRecord(value) && Array.isArray(value.version) && value.version[0] === "sessionrestore" && Array.isArray(value.windows);
}

const sizeModes = { normal: "normal", maximized: "maximized", minimized: "minimized", fullscreen: "fullscreen" } as const;

export function readFirefoxSessionstore(value: unknown): LibraryFile {
  if (!isRecord(value) || !isFirefoxSessionstore(value)) {
    throw new LibraryFileError("This is not a Firefox session file: it has no version [\"sessionrestore\", 1] and windows.");
  }
  const builder = new LibraryBuilder("firefox-sessionstore");
  const selectedWindow = wholeNumber(value.selectedWindow, 1, 1e6);
  (value.windows as unknown[]).forEach((raw, windowIndex) => {
    if (!isRecord(raw)) return;
    const window = builder.window({
      state: typeof raw.sizemode === "string" && raw.sizemode in sizeModes ? sizeModes[raw.sizemode as keyof typeof sizeModes] : "normal",
      focused: selectedWindow === windowIndex + 1,
      left: wholeNumber(raw.screenX, -100_000, 100_000),
      top: wholeNumber(raw.screenY, -100_000, 100_000),
      width: wholeNumber(raw.width, 0, 100_000),
      height: wholeNumber(raw.height, 0, 100_000),
    });
    const groupIds = new Map<string, number>();
    for (const group of Array.isArray(raw.groups) ? raw.groups.filter(isRecord) : []) {
      if (typeof group.id === "string") groupIds.set(group.id, builder.group({ title: group.name, color: group.color, collapsed: group.collapsed }));
    }
    const selected = wholeNumber(raw.selected, 1, 1e6);
    (Array.isArray(raw.tabs) ? raw.tabs : []).forEach((tab, tabIndex) => {
      if (!isRecord(tab) || tab.hidden === true) return;
      const entries = Array.isArray(tab.entries) ? tab.entries : [];
      const current = entries[(wholeNumber(tab.index, 1, entries.length) ?? entries.length) - 1];
      if (!isRecord(current)) {
        // A tab with nothing loaded yet (only typed into the address bar) is no page to reopen.
        builder.skipped += 1;
        return;
      }
      builder.tab(window, {
        url: current.url,
        title: current.title,
        faviconUrl: tab.image,
        pinned: tab.pinned,
        active: selected === tabIndex + 1,
        groupId: typeof tab.groupId === "string" ? (groupIds.get(tab.groupId) ?? null) : null,
        lastAccessed: typeof tab.lastAccessed === "number" ? Math.trunc(tab.lastAccessed) : null,
        formData: formValues(tab.formdata ?? current.formdata, current.url),
        scroll: scrollOf(tab.scroll ?? current.scroll),
      });
    });
  });
  const windows = (value.windows as unknown[]).length;
  return builder.finish("window", windows);
}

/**
 * Form values by field name: `id` entries keep their element id, `xpath` entries the name in their
 * `[@name='…']` (else the id in `[@id='…']`); only text values are kept (checkboxes and selections are
 * not what a backup restores). Values saved for another page (one that navigated) are not this page's:
 * Firefox saves `formdata.url` without the `#fragment` and compares it so on restore, and so does this.
 * Frames' values (`children`, one per frame, null where a frame has none) are kept too, after the page's own.
 */
function formValues(formdata: unknown, url: unknown): Record<string, string> {
  if (!isRecord(formdata)) return {};
  if (typeof formdata.url === "string" && (typeof url !== "string" || withoutFragment(formdata.url) !== withoutFragment(url))) return {};
  const values: Record<string, string> = {};
  const collect = (data: Record<string, unknown>, depth: number) => {
    if (isRecord(data.id)) {
      for (const [id, value] of Object.entries(data.id)) if (typeof value === "string" && !(id in values)) values[id] = value;
    }
    if (isRecord(data.xpath)) {
      for (const [xpath, value] of Object.entries(data.xpath)) {
        const name = lastAttribute(xpath, "name") ?? lastAttribute(xpath, "id");
        if (name && typeof value === "string" && !(name in values)) values[name] = value;
      }
    }
    // Frames nest as deep as pages do; the JSON pre-scan has bounded the depth already.
    if (Array.isArray(data.children) && depth < 16) for (const child of data.children) if (isRecord(child)) collect(child, depth + 1);
  };
  collect(formdata, 0);
  return values;
}

const withoutFragment = (url: string) => {
  const hash = url.indexOf("#");
  return hash === -1 ? url : url.slice(0, hash);
};

/** The value of a final `[@attribute='…']` step of an XPath (spaces after it allowed), read without a regular expression. */
function lastAttribute(xpath: string, attribute: string): string | null {
  const trimmed = xpath.trimEnd();
  if (!trimmed.endsWith("']")) return null;
  const opening = `[@${attribute}='`;
  const start = trimmed.lastIndexOf(opening);
  if (start === -1) return null;
  const value = trimmed.slice(start + opening.length, -2);
  return value === "" || value.includes("'") ? null : value;
}

/** "x,y" (Firefox's way) to pixels; 0,0 when absent. */
function scrollOf(scroll: unknown): { x: number; y: number } {
  const text = isRecord(scroll) ? scroll.scroll : scroll;
  if (typeof text !== "string") return { x: 0, y: 0 };
  const [x, y] = text.split(",").map((part) => Math.round(Number(part)));
  const clamp = (value: number | undefined) => (value !== undefined && Number.isFinite(value) ? Math.min(Math.max(value, 0), 10_000_000) : 0);
  return { x: clamp(x), y: clamp(y) };
}
