import { isRecord, LibraryBuilder, LibraryFileError, type LibraryFile, wholeNumber } from "../library-file";

/**
 * Firefox's session store (`sessionstore.jsonlz4` once decompressed, see mozlz4.ts): `{version:
 * ["sessionrestore", 1], windows: [{tabs, selected, sizemode, screenX, screenY, width, height, groups}],
 * selectedWindow, session}`. A tab has `entries` (its history), `index` (1-based: the current entry),
 * `pinned`, `image` (favicon), `lastAccessed`, `groupId`, and the current page's `formdata` (`{id:
 * {fieldId: value}, xpath: {xpath: value}, url}`) and `scroll` (`{scroll: "x,y"}`), older Firefox keeping
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
 * not what a backup restores). Values saved for another URL (a page that navigated) are not this page's.
 */
function formValues(formdata: unknown, url: unknown): Record<string, string> {
  if (!isRecord(formdata)) return {};
  if (typeof formdata.url === "string" && formdata.url !== url) return {};
  const values: Record<string, string> = {};
  if (isRecord(formdata.id)) {
    for (const [id, value] of Object.entries(formdata.id)) if (typeof value === "string") values[id] = value;
  }
  if (isRecord(formdata.xpath)) {
    for (const [xpath, value] of Object.entries(formdata.xpath)) {
      const name = /\[@name='([^']+)'\]\s*$/.exec(xpath)?.[1] ?? /\[@id='([^']+)'\]\s*$/.exec(xpath)?.[1];
      if (name && typeof value === "string" && !(name in values)) values[name] = value;
    }
  }
  return values;
}

/** "x,y" (Firefox's way) to pixels; 0,0 when absent. */
function scrollOf(scroll: unknown): { x: number; y: number } {
  const text = isRecord(scroll) ? scroll.scroll : scroll;
  if (typeof text !== "string") return { x: 0, y: 0 };
  const [x, y] = text.split(",").map((part) => Math.round(Number(part)));
  const clamp = (value: number | undefined) => (value !== undefined && Number.isFinite(value) ? Math.min(Math.max(value, 0), 10_000_000) : 0);
  return { x: clamp(x), y: clamp(y) };
}
