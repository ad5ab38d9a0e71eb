import { describe, expect, it } from "vitest";
import { backupsToThin, type ThinnableBackup } from "./thinning";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A Wednesday, 10:00 UTC. */
const now = new Date("2026-12-02T10:00:00Z");
const at = (msAgo: number, id: string, thinnable = true): ThinnableBackup => ({ id, createdAt: new Date(now.getTime() - msAgo), thinnable });
const kept = (backups: ThinnableBackup[]) => {
  const thinned = new Set(backupsToThin(backups, now));
  return backups.filter((backup) => !thinned.has(backup.id)).map((backup) => backup.id);
};

describe("backupsToThin: what thinning keeps at each age (decision 208)", () => {
  it("keeps every automatic backup of the last 24 hours", () => {
    const backups = Array.from({ length: 288 }, (_, n) => at(n * 5 * 60_000, `b${n}`));
    expect(backupsToThin(backups, now)).toEqual([]);
  });

  it("from 24 hours to 7 days keeps the newest of each UTC hour", () => {
    // 09:50, 09:30 and 09:10 yesterday share an hour; 08:40 and 08:20 share the hour before.
    const backups = [at(DAY + 10 * 60_000, "a"), at(DAY + 30 * 60_000, "b"), at(DAY + 50 * 60_000, "c"), at(DAY + 80 * 60_000, "d"), at(DAY + 100 * 60_000, "e")];
    expect(backups.map((backup) => backup.createdAt.toISOString().slice(11, 16))).toEqual(["09:50", "09:30", "09:10", "08:40", "08:20"]);
    expect(kept(backups)).toEqual(["a", "d"]);
  });

  it("an hour that straddles the 24-hour line is kept by its newest backup, even when that one is younger than a day", () => {
    // 10:05 yesterday is 23 h 55 min old, 10:00 yesterday a day old: one UTC hour, whose newest is the younger one.
    const straddling = [at(DAY - 5 * 60_000, "10:05"), at(DAY, "10:00"), at(DAY + 30 * 60_000, "09:30")];
    expect(straddling.map((backup) => backup.createdAt.toISOString())).toEqual(["2026-12-01T10:05:00.000Z", "2026-12-01T10:00:00.000Z", "2026-12-01T09:30:00.000Z"]);
    expect(kept(straddling)).toEqual(["10:05", "09:30"]);
  });

  it("from 7 to 30 days keeps the newest of each UTC day, and after 30 days the newest of each week from Monday", () => {
    const day10 = [at(10 * DAY, "10d-10:00"), at(10 * DAY + 3 * HOUR, "10d-07:00"), at(10 * DAY + 9 * HOUR, "10d-01:00")];
    expect(kept(day10)).toEqual(["10d-10:00"]);
    // 2026-12-02 is a Wednesday; 44 days back is Sunday 2026-10-19 … let the dates say it.
    const weeks = [at(44 * DAY, "w1"), at(45 * DAY, "w2"), at(50 * DAY, "w3"), at(51 * DAY, "w4")];
    expect(weeks.map((backup) => backup.createdAt.toISOString().slice(0, 10))).toEqual(["2026-10-19", "2026-10-18", "2026-10-13", "2026-10-12"]);
    // Monday 19 October starts a week alone; Sunday 18, Tuesday 13 and Monday 12 share the week before: its newest is the 18th.
    expect(kept(weeks)).toEqual(["w1", "w2"]);
  });

  it("never thins what is not an unpinned automatic backup, and a pinned or emergency backup does not count as a bucket's newest", () => {
    const backups = [at(3 * DAY, "emergency", false), at(3 * DAY + 10 * 60_000, "automatic"), at(3 * DAY + 20 * 60_000, "older automatic")];
    expect(kept(backups)).toEqual(["emergency", "automatic"]);
  });

  it("keeps what it kept: thinning the survivors again at any later moment removes only what aged into a coarser bucket", () => {
    // Five minutes apart for 40 days, thinned after every new backup as the server does; then checked against one pass.
    const start = now.getTime() - 40 * DAY;
    let survivors: ThinnableBackup[] = [];
    for (let time = start, n = 0; time <= now.getTime(); time += 5 * 60_000, n += 1) {
      survivors.push({ id: `b${String(n).padStart(6, "0")}`, createdAt: new Date(time), thinnable: true });
      if (n % 12 === 0 || time + 5 * 60_000 > now.getTime()) {
        const thinned = new Set(backupsToThin(survivors, new Date(time)));
        survivors = survivors.filter((backup) => !thinned.has(backup.id));
      }
    }
    const all: ThinnableBackup[] = [];
    for (let time = start, n = 0; time <= now.getTime(); time += 5 * 60_000, n += 1) all.push({ id: `b${String(n).padStart(6, "0")}`, createdAt: new Date(time), thinnable: true });
    const thinnedOnce = new Set(backupsToThin(all, now));
    expect(survivors.map((backup) => backup.id)).toEqual(all.filter((backup) => !thinnedOnce.has(backup.id)).map((backup) => backup.id));
    // 288 of the last day, 144 hours before that (6 days), 23 days, and the weeks of the last 10 days.
    const ages = survivors.map((backup) => now.getTime() - backup.createdAt.getTime());
    expect(ages.filter((age) => age < DAY)).toHaveLength(288);
    expect(ages.filter((age) => age >= DAY && age < 7 * DAY)).toHaveLength(144);
    expect(ages.filter((age) => age >= 7 * DAY && age < 30 * DAY)).toHaveLength(23);
    expect(ages.filter((age) => age >= 30 * DAY).length).toBeLessThanOrEqual(3);
  });
});
