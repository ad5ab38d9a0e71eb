import type { WindowPlacement } from "@common/tab-field-mappers";
import { BROWSER_BACKUP_LIMITS, type TabGroup, type tabGroupColors } from "@common/api/browser-backups";
import { LIBRARY_LIMITS, type ImportFormat } from "@common/api/library";
import { BACKUP_LIMITS } from "@common/api/payload-limits";
import { isSealedLabel, sealedLabelLength } from "@common/api/sealed-labels";
import { FORM_CAPTURE_LIMITS } from "@common/form-capture";
import { SEALED_LOCATION_LENGTH, sealedTextPattern } from "@common/end-to-end-encryption";
import { withoutPrivateFields } from "@common/form-privacy";

/**
 * What every importer reads a file into, before it becomes one backup: windows of tabs and the tab
 * groups they name. Importers go through {@link LibraryBuilder}, so every format applies the same rules
 * to URLs, titles, favicons, form data and sizes.
 */
export interface LibraryTab {
  url: string;
  title: string;
  faviconUrl: string | null;
  /** A TabVault export's sealed tab (decision 199): `url` and `title` are then "". */
  sealedLocation: string | null;
  pinned: boolean;
  active: boolean;
  /** An id of this file's {@link LibraryFile.groups}, or null. */
  groupId: number | null;
  lastAccessed: number | null;
  formData: Record<string, string>;
  scroll: { x: number; y: number };
}

/**
 * A window as read from a file: where it was and how it was shown (the one `WindowPlacement`), its name and
 * private mark where the file has them (decision 217), and its tabs.
 */
export interface LibraryWindow extends WindowPlacement {
  /** A bookmark folder's path, a Session Buddy folder's title; null when the file names no window. */
  name: string | null;
  /** The file marks the window private (incognito). */
  incognito: boolean;
  tabs: LibraryTab[];
}

/** A group as stored: `windowId` is the window's position + 1 in this file. */
export type LibraryGroup = TabGroup;

export interface LibraryFile {
  format: ImportFormat;
  windows: LibraryWindow[];
  groups: LibraryGroup[];
  /** What the file holds in its own words, for the backup's name: "3 groups", "2 sessions". */
  parts: { count: number; unit: string };
  /** Entries that were not web pages and were left out. */
  skipped: number;
}

/** A file that cannot be imported, with the message the person reads; nothing of it is stored. */
export class LibraryFileError extends Error {
  override name = "LibraryFileError";
  constructor(
    message: string,
    readonly statusCode: 400 | 413 = 400,
  ) {
    super(message);
  }
}

type GroupColor = (typeof tabGroupColors)[number];
const groupColors = new Set<string>(["grey", "blue", "red", "yellow", "green", "pink", "purple", "cyan", "orange"]);

/** A colour from Chromium or Firefox ("gray") as one of ours; grey for anything else. */
export function groupColor(value: unknown): GroupColor {
  const color = typeof value === "string" ? value.toLowerCase() : "";
  if (color === "gray") return "grey";
  return groupColors.has(color) ? (color as GroupColor) : "grey";
}

/** URL schemes that run code where they are opened: a file holding one is refused whole. */
const scriptSchemes = /^\s*(javascript|vbscript):/i;

/** NUL and lone surrogates cannot be stored; a title keeps the rest. */
// eslint-disable-next-line no-control-regex -- NUL is what is removed
const unstorable = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const unstorableOne = new RegExp(unstorable.source);

export function storableText(value: unknown, maxLength: number): string {
  if (typeof value !== "string") return "";
  const cleaned = value.replace(unstorable, "\ufffd");
  return cleaned.length > maxLength ? cleaned.slice(0, maxLength) : cleaned;
}

/** A whole number in range, or the fallback. */
export function wholeNumber(value: unknown, min: number, max: number): number | null {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max ? value : null;
}

/**
 * A window's place and state as Chromium's `windows` API names them (what TabVault, Tab Session Manager and
 * Session Buddy files hold); anything else is a normal window the browser places itself.
 */
export function windowPlacement(raw: Record<string, unknown>): Partial<Omit<LibraryWindow, "tabs">> {
  return {
    state: raw.state === "maximized" || raw.state === "minimized" || raw.state === "fullscreen" ? raw.state : "normal",
    focused: raw.focused === true,
    left: wholeNumber(raw.left, -100_000, 100_000),
    top: wholeNumber(raw.top, -100_000, 100_000),
    width: wholeNumber(raw.width, 0, 100_000),
    height: wholeNumber(raw.height, 0, 100_000),
  };
}

export interface TabFields {
  url: unknown;
  title?: unknown;
  faviconUrl?: unknown;
  /** Only TabVault's own export carries one. */
  sealedLocation?: unknown;
  pinned?: unknown;
  active?: unknown;
  groupId?: number | null;
  lastAccessed?: unknown;
  formData?: Record<string, string>;
  scroll?: { x: number; y: number };
}

/** A plain object (not an array, not null), for walking parsed JSON of unknown shape. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Collects windows and tabs for one file: a tab whose URL is not a web page is counted as skipped, a
 * script URL refuses the file, and past {@link LIBRARY_LIMITS} the file is refused (nothing is cut).
 */
export class LibraryBuilder {
  readonly windows: LibraryWindow[] = [];
  readonly groups: LibraryGroup[] = [];
  skipped = 0;
  private tabCount = 0;

  constructor(private readonly format: ImportFormat) {}

  /**
   * Starts a window; tabs added afterwards go into it. Empty windows are dropped by {@link finish}. A name is kept
   * as storable text of at most 200 characters, "" being no name.
   */
  window({ name, ...fields }: Partial<Omit<LibraryWindow, "tabs" | "name">> & { name?: unknown } = {}): LibraryWindow {
    if (this.windows.length >= LIBRARY_LIMITS.windows) {
      throw new LibraryFileError(`This file holds more than ${LIBRARY_LIMITS.windows} windows or groups; nothing was imported.`, 413);
    }
    const window: LibraryWindow = { state: "normal", focused: false, left: null, top: null, width: null, height: null, incognito: false, ...fields, name: windowName(name), tabs: [] };
    this.windows.push(window);
    return window;
  }

  /** A group in the current window, with a fresh id (files reuse ids across sessions). */
  group(fields: { title?: unknown; color?: unknown; collapsed?: unknown }): number {
    const groupId = this.groups.length + 1;
    this.groups.push({
      groupId,
      windowId: this.windows.length,
      title: labelText(fields.title, BROWSER_BACKUP_LIMITS.groupTitleLength),
      color: groupColor(fields.color),
      collapsed: fields.collapsed === true,
    });
    return groupId;
  }

  tab(window: LibraryWindow, fields: TabFields): void {
    const sealedLocation = typeof fields.sealedLocation === "string" && fields.sealedLocation !== "" ? fields.sealedLocation : null;
    if (sealedLocation !== null && (sealedLocation.length > SEALED_LOCATION_LENGTH || !sealedTextPattern.test(sealedLocation))) {
      throw new LibraryFileError(`Entry ${this.tabCount + this.skipped + 1} of this file has a sealedLocation that is not a sealed value; nothing was imported.`);
    }
    const raw = sealedLocation !== null ? "" : typeof fields.url === "string" ? fields.url.trim() : "";
    if (scriptSchemes.test(raw)) {
      throw new LibraryFileError(
        `This file holds a ${raw.split(":")[0]!.toLowerCase()}: link (entry ${this.tabCount + this.skipped + 1}), which runs code instead of opening a page; nothing was imported.`,
      );
    }
    if (sealedLocation === null && !isWebUrl(raw)) {
      this.skipped += 1;
      return;
    }
    this.tabCount += 1;
    if (this.tabCount > LIBRARY_LIMITS.tabs) {
      throw new LibraryFileError(
        `This file holds more than ${LIBRARY_LIMITS.tabs.toLocaleString("en-US")} tabs, more than one backup keeps; nothing was imported. Split it into smaller files.`,
        413,
      );
    }
    window.tabs.push({
      url: raw,
      title: sealedLocation !== null ? "" : storableText(fields.title, BACKUP_LIMITS.titleLength),
      faviconUrl: sealedLocation === null && isUsableFavicon(fields.faviconUrl) ? fields.faviconUrl : null,
      sealedLocation,
      pinned: fields.pinned === true,
      active: fields.active === true,
      groupId: fields.groupId ?? null,
      lastAccessed: wholeNumber(fields.lastAccessed, 0, 8_640_000_000_000_000),
      formData: keptFormData(fields.formData ?? {}),
      scroll: fields.scroll ?? { x: 0, y: 0 },
    });
  }

  /** The file as read; `unit` names what it holds ("group", "session"), `count` defaults to its windows with tabs. */
  finish(unit: string, count?: number): LibraryFile {
    const kept = this.windows.filter((window) => window.tabs.length > 0);
    if (kept.length === 0) {
      throw new LibraryFileError(
        this.skipped > 0
          ? `This file holds no web pages (${this.skipped} ${this.skipped === 1 ? "entry was" : "entries were"} not http or https links); nothing was imported.`
          : "This file holds no tabs; nothing was imported.",
      );
    }
    // Groups keep pointing at their window after empty windows are dropped.
    const position = new Map(this.windows.map((window, index) => [index + 1, kept.indexOf(window) + 1]));
    const groups = this.groups
      .map((group) => ({ ...group, windowId: position.get(group.windowId) ?? 0 }))
      .filter((group) => group.windowId > 0);
    return { format: this.format, windows: kept, groups, parts: { count: count ?? kept.length, unit }, skipped: this.skipped };
  }
}

/**
 * A group's title or a window's name as a backup keeps it: a sealed one (decision 237, carried by a TabVault JSON
 * export) whole within its own cap, as cutting it would leave it unopenable; any other storable and cut to `maxLength`.
 */
function labelText(value: unknown, maxLength: number): string {
  return typeof value === "string" && isSealedLabel(value) && value.length <= sealedLabelLength(maxLength) ? value : storableText(value, maxLength);
}

/** A window's name as a backup keeps it: storable, at most `windowNameLength` characters; null for none or "". */
export function windowName(value: unknown): string | null {
  const name = labelText(value, BROWSER_BACKUP_LIMITS.windowNameLength);
  return name === "" ? null : name;
}

/** A favicon a backup keeps: an http(s) address or an image data URI, at most 2,048 characters, storable. */
export function isUsableFavicon(value: unknown): value is string {
  return typeof value === "string" && value.length <= BACKUP_LIMITS.urlLength && /^(https?:\/\/|data:image\/)/.test(value) && !unstorableOne.test(value);
}

/** An http(s) URL the backups accept: parsable, at most 2,048 characters, storable. */
export function isWebUrl(value: string): boolean {
  return (
    value.length <= BACKUP_LIMITS.urlLength &&
    /^https?:\/\//i.test(value) &&
    URL.canParse(value) &&
    !value.includes("\0") &&
    !/[\ud800-\udfff]/.test(value)
  );
}

/** Form values a backup may keep: within the capture limits, never a private field (common/form-privacy.ts). */
export function keptFormData(fields: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  let count = 0;
  for (const [name, value] of Object.entries(withoutPrivateFields(fields))) {
    if (count >= FORM_CAPTURE_LIMITS.fieldsPerTab) break;
    if (name === "" || name.length > FORM_CAPTURE_LIMITS.fieldNameLength || value === "" || value.length > FORM_CAPTURE_LIMITS.valueLength) continue;
    if (storableText(name, Infinity) !== name || storableText(value, Infinity) !== value) continue;
    kept[name] = value;
    count += 1;
  }
  return kept;
}

/** "3 groups", "1 session". */
export function countOf(count: number, unit: string, plural = `${unit}s`): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? unit : plural}`;
}
