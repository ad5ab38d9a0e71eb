import { describe, expect, it } from "vitest";
import { lastDueAt, localTimeOn, nextDueAt } from "./automation";

describe("a daily rule's times, in the browser's local time", () => {
  const at = (year: number, month: number, day: number, hours: number, minutes: number) => new Date(year, month - 1, day, hours, minutes).getTime();

  it("falls today once its minute has come, else yesterday; the next is later today or tomorrow", () => {
    const morning = at(2026, 3, 10, 8, 0);
    expect(localTimeOn(morning, "18:30")).toBe(at(2026, 3, 10, 18, 30));
    expect(lastDueAt(morning, "18:30")).toBe(at(2026, 3, 9, 18, 30));
    expect(nextDueAt(morning, "18:30")).toBe(at(2026, 3, 10, 18, 30));
    const exactly = at(2026, 3, 10, 18, 30);
    expect(lastDueAt(exactly, "18:30")).toBe(exactly);
    expect(nextDueAt(exactly, "18:30")).toBe(at(2026, 3, 11, 18, 30));
    expect(nextDueAt(at(2026, 12, 31, 23, 59), "00:00")).toBe(at(2027, 1, 1, 0, 0));
    expect(lastDueAt(at(2026, 3, 1, 0, 0), "23:59")).toBe(at(2026, 2, 28, 23, 59));
  });
});
