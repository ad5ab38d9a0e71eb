import type { BackupSummary } from "@common/api/backups";
import { triggerEvents } from "@common/api/backups";
import { describe, expect, it } from "vitest";
import { matchesFilter, pagesToRead, type BackupFilter, TAB_PAGE_SIZE } from "./backup-api";

const backup = (triggerEvent: string): BackupSummary => ({
  id: triggerEvent,
  sessionName: triggerEvent,
  triggerEvent,
  deviceName: null,
  browserType: "chrome",
  createdAt: "2026-11-23T10:00:00.000Z",
  restorable: true,
  tabCount: 1,
  appCount: 0,
  sizeBytes: 100,
  tags: [],
  note: null,
  pinned: false,
  sealedTabCount: 0,
});

describe("which Session Manager tab lists a backup", () => {
  it.each([
    ["clear_all_detected", ["all", "emergency"]],
    ["windows_x_button", ["all", "emergency"]],
    ["manual_save", ["all", "manual"]],
    ["auto_backup", ["all"]],
  ])("%s is listed under %j", (trigger, tabs) => {
    const filters: BackupFilter[] = ["all", "emergency", "manual"];
    expect(filters.filter((filter) => matchesFilter(backup(trigger), filter))).toEqual(tabs);
  });

  it("covers every trigger the server stores", () => {
    for (const trigger of triggerEvents) expect(matchesFilter(backup(trigger), "all")).toBe(true);
    expect(triggerEvents).toHaveLength(4);
  });
});

describe("pagesToRead", () => {
  it("reads the pages under the drawn rows, and the first page always, for its total", () => {
    expect(TAB_PAGE_SIZE).toBe(100);
    expect(pagesToRead(0, 20)).toEqual([0]);
    expect(pagesToRead(95, 130)).toEqual([0, 1]);
    // Dragged to the end of 10,000 tabs: the last page and the first, none between.
    expect(pagesToRead(9_975, 9_999)).toEqual([0, 99]);
    expect(pagesToRead(5_190, 5_310)).toEqual([0, 51, 52, 53]);
  });
});
