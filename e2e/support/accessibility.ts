import assert from "node:assert/strict";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/**
 * Runs axe-core (WCAG 2.0, 2.1 and 2.2 A and AA rules, plus its best practices) on the page as it is and
 * fails on any serious or critical violation, listing each with the elements it found; `include` limits it to a part
 * of the page (a CSS selector).
 */
export async function assertNoSeriousViolations(page: Page, label: string, include?: string) {
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  const report = serious.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes.map((node) => `    ${node.target.join(" ")}: ${node.failureSummary ?? ""}`).join("\n")}`,
  );
  assert.deepEqual(report, [], `${label}: axe found serious or critical violations`);
  assert.ok(results.passes.length > 0, `${label}: axe ran its rules`);
}
