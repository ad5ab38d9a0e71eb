/**
 * Every date and time the web app shows goes through here, so one screen never shows two formats (issue 20
 * found "Nov 23, 2026, 11:06 PM" beside "11/23/2026, 11:06:39 PM", and "23 Dec 2026" on the same dashboard).
 * English like the words around them (`<html lang="en">`), in the reader's time zone; see decision 111.
 * ESLint refuses Intl.DateTimeFormat and toLocale*String for dates anywhere else in client/src.
 */
const LOCALE = "en";

const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeStyle: "short" });
const dateFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium" });
const timeFormat = new Intl.DateTimeFormat(LOCALE, { timeStyle: "short" });
const clockTimeFormat = new Intl.DateTimeFormat(LOCALE, { timeStyle: "medium" });
// A document's date (a policy's last update, a release month) is a calendar day, not a moment: read in UTC so
// it is the same day everywhere.
const calendarDateFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeZone: "UTC" });
const calendarDayFormat = new Intl.DateTimeFormat(LOCALE, { month: "short", day: "numeric", timeZone: "UTC" });
const calendarMonthFormat = new Intl.DateTimeFormat(LOCALE, { month: "long", year: "numeric", timeZone: "UTC" });

type DateInput = Date | string | number;

const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** "Nov 23, 2026, 11:06 PM": when something happened. */
export function formatDateTime(value: DateInput): string {
  return dateTimeFormat.format(toDate(value));
}

/** "Nov 23, 2026": the day something happens or happened (a renewal, an account's creation). */
export function formatDate(value: DateInput): string {
  return dateFormat.format(toDate(value));
}

/** "11:06 PM": a time later today (a code's expiry). */
export function formatTime(value: DateInput): string {
  return timeFormat.format(toDate(value));
}

/** "Nov 23, 2026" of a document dated by day ("2026-11-23"), the same day in every time zone. */
export function formatCalendarDate(value: DateInput): string {
  return calendarDateFormat.format(toDate(value));
}

/** "Nov 23" of a day ("2026-11-23"), for a chart's axis where the year is plain. */
export function formatCalendarDay(day: string): string {
  return calendarDayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** "November 2026" of a month ("2026-11"). */
export function formatCalendarMonth(month: string): string {
  return calendarMonthFormat.format(new Date(`${month}-01T00:00:00Z`));
}

/** "11:06:39 PM": a line of a log, where seconds tell entries apart. */
export function formatClockTime(value: DateInput): string {
  return clockTimeFormat.format(toDate(value));
}

/** "just now", "4 min ago", "3 h ago", then the date and time: how fresh something is (a device's open tabs). */
export function formatTimeAgo(value: DateInput, now: DateInput = Date.now()): string {
  const seconds = Math.max(0, Math.round((toDate(now).getTime() - toDate(value).getTime()) / 1000));
  if (seconds < 45) return "just now";
  if (seconds < 60 * 60) return `${Math.max(1, Math.round(seconds / 60))} min ago`;
  if (seconds < 24 * 60 * 60) return `${Math.round(seconds / 3600)} h ago`;
  return formatDateTime(value);
}
