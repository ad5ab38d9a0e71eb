import { describe, expect, it } from "vitest";
import { summarise } from "./claims-summary";

const register = `# Product

## Plans

| # | Claim | Made true by | Checked by |
| --- | --- | --- | --- |
| C001 | "Backups kept" | \`rotation.ts\` | \`a.test.ts\` › "keeps them" |
| C002 | "Android app" | **Not in this repository.** The app is elsewhere. | **no test** |
| C003 | "Samples" | A note. **Sample.** | \`b.test.ts\` › "shows it" (text only) |

## Summary

old figures

Inconsistencies between pages: none known.

### Claims with no test

- stale
`;

describe("the claims register's summary", () => {
  it("counts claims, the ones without a test or with text-only tests, and flags by kind, keeping the inconsistencies paragraph", () => {
    const summary = summarise(register, "2026-11-24").split("## Summary")[1] ?? "";
    expect(summary).toContain("3 claims. 1 has no test at all, and 1 more have a test that only checks the words are shown");
    expect(summary).toContain("Flagged claims by kind: Not in this repository: 1; Sample: 1.");
    expect(summary).toContain("Inconsistencies between pages: none known.");
    expect(summary).toContain('- C002 (Plans) — Not in this repository: "Android app"');
    expect(summary).toContain('- C003 (Plans) — Sample: "Samples"');
    expect(summary).not.toContain("stale");
  });
});
