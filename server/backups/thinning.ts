import { AUTOMATIC_BACKUP_THINNING } from "@common/plan-catalogue";

/** What thinning needs to know of a backup: when it was taken, and whether it is an unpinned automatic backup. */
export interface ThinnableBackup {
  id: string;
  createdAt: Date;
  /** Only unpinned automatic backups are ever thinned; every other backup is kept whatever its age. */
  thinnable: boolean;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The UTC hour, day and week (from Monday: 1970-01-01 was a Thursday) a moment falls in, as numbers. */
const hourOf = (time: number) => Math.floor(time / HOUR);
const dayOf = (time: number) => Math.floor(time / DAY);
const weekOf = (time: number) => Math.floor((dayOf(time) + 3) / 7);

type Granularity = "hour" | "day" | "week";
const bucketsOf: Record<Granularity, (time: number) => number> = { hour: hourOf, day: dayOf, week: weekOf };

/** Which bucket an automatic backup of this age must be the newest of to stay; null: it stays, whatever else. */
function granularityAt(age: number): Granularity | null {
  if (age < AUTOMATIC_BACKUP_THINNING.everyForHours * HOUR) return null;
  if (age < AUTOMATIC_BACKUP_THINNING.hourlyForDays * DAY) return "hour";
  if (age < AUTOMATIC_BACKUP_THINNING.dailyForDays * DAY) return "day";
  return "week";
}

/**
 * The backups thinning removes now (decision 208): every automatic backup of the last day stays; past that, only the
 * newest automatic backup of each UTC hour (to 7 days), of each UTC day (to 30 days) and of each week (from Monday)
 * after that, the newest of the bucket whatever its own age. Hours nest in days and days in weeks, so the newest of
 * a bucket is also the newest of every smaller bucket it holds and is never removed: what one run keeps at an age,
 * no later run takes back before the backup reaches a coarser bucket. Pure: the same backups and `now` give the
 * same answer.
 */
export function backupsToThin(backups: readonly ThinnableBackup[], now: Date): string[] {
  const thinnable = backups.filter((backup) => backup.thinnable);
  const newest = new Map<string, ThinnableBackup>();
  const keyOf = (granularity: Granularity, backup: ThinnableBackup) => `${granularity} ${bucketsOf[granularity](backup.createdAt.getTime())}`;
  for (const backup of thinnable) {
    for (const granularity of ["hour", "day", "week"] as const) {
      const key = keyOf(granularity, backup);
      const held = newest.get(key);
      // Ties on the time go to the larger id, so the choice does not depend on the order the rows came in.
      if (!held || newer(backup, held)) newest.set(key, backup);
    }
  }
  return thinnable
    .filter((backup) => {
      const granularity = granularityAt(now.getTime() - backup.createdAt.getTime());
      return granularity !== null && newest.get(keyOf(granularity, backup))?.id !== backup.id;
    })
    .map((backup) => backup.id);
}

function newer(a: ThinnableBackup, b: ThinnableBackup): boolean {
  const difference = a.createdAt.getTime() - b.createdAt.getTime();
  return difference > 0 || (difference === 0 && a.id > b.id);
}
