import type { BrowserBackup } from "@common/api/browser-backups";
import { browserTabFieldsOf, windowPlacementOf } from "@common/tab-field-mappers";
import { type BackupOutline, type FilePieces, nestedJson, openJsonObject, outlineOf, wholeFile } from "./file-pieces";
import { isRecord, LibraryBuilder, LibraryFileError, type LibraryFile, wholeNumber, windowPlacement } from "../library-file";

/**
 * TabVault's own JSON (docs/library-formats.md): one backup, versioned. Version 1 carries every window
 * with its bounds, its name and private mark (decision 217; absent in files written before them), every tab with
 * its pin, group, form values and scroll, and the tab groups.
 */
export const TABVAULT_FORMAT = "tabvault-backup";
export const TABVAULT_VERSION = 1;

export function isTabVaultJson(value: unknown): boolean {
  return isRecord(value) && value.format === TABVAULT_FORMAT;
}

export function writeTabVault(backup: BrowserBackup, exportedAt: Date): string {
  return wholeFile(tabVaultPieces(outlineOf(backup), exportedAt), backup);
}

/**
 * The file as pieces (decision 223), laid out as `JSON.stringify(document, null, 2)` lays it out: the document's
 * head, each window left open for its tabs, each tab at the depth it sits, then the groups.
 */
export function tabVaultPieces(backup: BackupOutline, exportedAt: Date): FilePieces {
  const positionOf = new Map(backup.windows.map((window, index) => [window.windowId, index]));
  const head = {
    format: TABVAULT_FORMAT,
    version: TABVAULT_VERSION,
    exportedAt: exportedAt.toISOString(),
    backup: {
      name: backup.sessionName,
      createdAt: backup.createdAt,
      trigger: backup.triggerEvent,
      device: backup.deviceName,
      browser: backup.browserType,
    },
  };
  const groups = backup.groups.map((group) => ({
    groupId: group.groupId,
    window: positionOf.get(group.windowId) ?? 0,
    title: group.title,
    color: group.color,
    collapsed: group.collapsed,
  }));
  const hasTabs = (position: number) => backup.windows[position]!.tabCount > 0;
  return {
    start: () => `${openJsonObject(head, 0)},\n  "windows": [${backup.windows.length === 0 ? "]" : ""}`,
    windowStart: (position) => {
      const window = backup.windows[position]!;
      const fields = { ...windowPlacementOf(window), name: window.name ?? null, incognito: window.incognito === true };
      return `${position > 0 ? "," : ""}\n    ${openJsonObject(fields, 2)},\n      "tabs": [${hasTabs(position) ? "" : "]"}`;
    },
    tab: (tab, _window, index) =>
      `${index > 0 ? "," : ""}\n        ${nestedJson(
        {
          ...browserTabFieldsOf(tab),
          // Only on a tab sealed in the browser (decision 199): url and title are then "".
          ...(tab.sealedLocation ? { sealedLocation: tab.sealedLocation } : {}),
          formData: tab.formData,
          scroll: tab.scrollPosition,
        },
        4,
      )}`,
    windowEnd: (position) => `${hasTabs(position) ? "\n      ]" : ""}\n    }`,
    end: () => `${backup.windows.length > 0 ? "\n  ]" : ""},\n  "groups": ${nestedJson(groups, 1)}\n}\n`,
  };
}

export function readTabVault(value: unknown): LibraryFile {
  if (!isTabVaultJson(value) || !isRecord(value)) throw new LibraryFileError("This is not a TabVault JSON export (it has no \"format\": \"tabvault-backup\").");
  if (value.version !== TABVAULT_VERSION) {
    throw new LibraryFileError(`This TabVault export is version ${String(value.version)}; this server reads version ${TABVAULT_VERSION}.`);
  }
  if (!Array.isArray(value.windows)) throw new LibraryFileError("This TabVault export has no \"windows\" list.");
  const builder = new LibraryBuilder("tabvault");
  const groups = Array.isArray(value.groups) ? value.groups.filter(isRecord) : [];
  value.windows.forEach((raw, position) => {
    if (!isRecord(raw)) throw new LibraryFileError(`Window ${position + 1} of this TabVault export is not an object.`);
    const window = builder.window({ ...windowPlacement(raw), name: raw.name, incognito: raw.incognito === true });
    const ids = new Map<unknown, number>();
    for (const group of groups) {
      if (group.window === position) ids.set(group.groupId, builder.group(group));
    }
    for (const tab of Array.isArray(raw.tabs) ? raw.tabs : []) {
      if (!isRecord(tab)) continue;
      builder.tab(window, {
        url: tab.url,
        title: tab.title,
        faviconUrl: tab.faviconUrl,
        sealedLocation: tab.sealedLocation,
        pinned: tab.pinned,
        active: tab.active,
        groupId: ids.get(tab.groupId) ?? null,
        formData: stringRecord(tab.formData),
        scroll: scrollOf(tab.scroll),
      });
    }
  });
  return builder.finish("window");
}

function stringRecord(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

function scrollOf(value: unknown): { x: number; y: number } {
  if (!isRecord(value)) return { x: 0, y: 0 };
  return { x: wholeNumber(value.x, 0, 10_000_000) ?? 0, y: wholeNumber(value.y, 0, 10_000_000) ?? 0 };
}
