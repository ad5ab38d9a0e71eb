import type { BackupChanges } from "@common/api/backup-timeline";
import type { SavedTab } from "@common/api/backups";
import { describe, expect, it } from "vitest";
import type { ShownLocation } from "@/features/encryption/tab-sealing";
import { completeChanges } from "./moment-changes";

const moment = { id: "m", createdAt: "2026-11-28T09:00:00.000Z", triggerEvent: "auto_backup", tabCount: 3, sealedTabCount: 3, pinned: false };
const tab = (id: string, url = ""): SavedTab => ({
  id,
  url,
  title: "",
  faviconUrl: null,
  sealedLocation: url === "" ? `tv1.${id}.sealed` : null,
  isActive: false,
  lastAccessed: null,
  formData: {},
  scrollPosition: { x: 0, y: 0 },
});
const opened = (url: string): ShownLocation => ({ url, title: url, faviconUrl: null, state: "opened" });
const locked: ShownLocation = { url: "", title: "", faviconUrl: null, state: "locked" };

describe("what changed between two moments, with the sealed tabs this browser opens (decision 222)", () => {
  const changes: BackupChanges = {
    since: moment,
    until: moment,
    opened: [tab("plain-new", "https://example.com/new")],
    closed: [],
    stillOpen: 2,
    sealedToCompare: { since: [tab("s1"), tab("s2"), tab("s3")], until: [tab("u1"), tab("u2"), tab("u3")] },
  };

  it("pairs opened sealed tabs by address, a page open twice counting twice, and adds the rest to opened and closed", () => {
    const result = completeChanges(
      changes,
      [opened("https://bank.example/"), opened("https://mail.example/"), opened("https://mail.example/")],
      [opened("https://mail.example/"), opened("https://news.example/"), opened("https://bank.example/")],
    );
    expect(result.opened.map((item) => item.id)).toEqual(["plain-new", "u2"]);
    expect(result.closed.map((item) => item.id)).toEqual(["s3"]);
    expect(result.stillOpen).toBe(4);
    expect(result.uncompared).toBe(0);
  });

  it("counts the sealed tabs a locked browser cannot open instead of calling them opened or closed", () => {
    const result = completeChanges(changes, [locked, locked, locked], [locked, locked, locked]);
    expect(result).toEqual({ opened: changes.opened, closed: [], stillOpen: 2, uncompared: 6 });
  });
});
