import { describe, expect, it } from "vitest";
import { formatCalendarDate, formatCalendarMonth, formatDate, formatDateTime, formatTime, formatTimeAgo } from "./dates";

describe("the shared date formats", () => {
  const moment = new Date(2026, 10, 23, 23, 6, 39);

  it("writes a moment as date and minute, never with seconds or as digits only", () => {
    expect(formatDateTime(moment)).toMatch(/^Nov 23, 2026, 11:06\sPM$/);
    expect(formatDateTime(moment.toISOString())).toBe(formatDateTime(moment));
    expect(formatDateTime(moment.getTime())).toBe(formatDateTime(moment));
  });

  it("writes a day and a time in the same words as a moment", () => {
    expect(formatDate(moment)).toBe("Nov 23, 2026");
    expect(formatTime(moment)).toMatch(/^11:06\sPM$/);
    expect(formatDateTime(moment)).toBe(`${formatDate(moment)}, ${formatTime(moment)}`);
  });

  it("writes a document's day and month the same in every time zone", () => {
    expect(formatCalendarDate("2026-11-23")).toBe("Nov 23, 2026");
    expect(formatCalendarMonth("2026-11")).toBe("November 2026");
  });

  it("says how fresh something is, then falls back to the date", () => {
    const at = moment.getTime();
    expect(formatTimeAgo(at - 20_000, at)).toBe("just now");
    expect(formatTimeAgo(at - 4 * 60_000, at)).toBe("4 min ago");
    expect(formatTimeAgo(at - 3 * 3_600_000, at)).toBe("3 h ago");
    expect(formatTimeAgo(at - 2 * 86_400_000, at)).toBe(formatDateTime(at - 2 * 86_400_000));
  });
});
