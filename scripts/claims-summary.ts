/**
 * Rewrites the Summary section of docs/product.md from its claim tables: how many claims, which have no test or only
 * a text-only test, and which are flagged (a bold kind in the "Made true by" column). Run after changing a claim:
 * `npm run docs:claims`. The "Inconsistencies between pages" paragraph is kept as written.
 */
import { readFile, writeFile } from "node:fs/promises";

const PRODUCT_MD = new URL("../docs/product.md", import.meta.url);
const KINDS = [
  "Partly true",
  "Not in this repository",
  "Operational promise",
  "Nothing behind it",
  "Inconsistent",
  "Sample",
  "Untrue",
  "Depends on the deployment",
] as const;

interface Claim {
  id: string;
  section: string;
  text: string;
  kind: string | null;
  checkedBy: string;
}

function claimsOf(tables: string): Claim[] {
  const claims: Claim[] = [];
  let section = "";
  for (const line of tables.split("\n")) {
    if (line.startsWith("## ")) section = line.slice(3).trim();
    if (!/^\| C\d+ \|/.test(line)) continue;
    const [id = "", text = "", madeTrueBy = "", checkedBy = ""] = line.trim().replace(/^\||\|$/g, "").split("|").map((cell) => cell.trim());
    const kind = [...madeTrueBy.matchAll(/\*\*([^*]+?)\*\*/g)].map((match) => (match[1] ?? "").replace(/\.$/, "")).find((word) => (KINDS as readonly string[]).includes(word)) ?? null;
    claims.push({ id, section, text, kind, checkedBy });
  }
  return claims;
}

const short = (text: string, length = 130) => {
  const flat = text.replace(/\s+/g, " ");
  return flat.length <= length ? flat : `${flat.slice(0, length).trimEnd()}…`;
};
const item = (claim: Claim) => `- ${claim.id} (${claim.section})${claim.kind ? ` — ${claim.kind}` : ""}: ${short(claim.text)}`;
const hasNoTest = (claim: Claim) => /\*\*no test\*\*/.test(claim.checkedBy) || claim.checkedBy === "" || claim.checkedBy === "—";
function onlyTextTests(claim: Claim): boolean {
  const cited = [...claim.checkedBy.matchAll(/› "[^"]*"( \(text only\))?/g)];
  return cited.length > 0 && cited.every((match) => match[1] !== undefined);
}

export function summarise(markdown: string, date: string): string {
  const [tables = "", rest = ""] = markdown.split("## Summary");
  const inconsistencies = rest.slice(rest.indexOf("Inconsistencies between pages:"), rest.indexOf("### Claims with no test"));
  const claims = claimsOf(tables);
  const noTest = claims.filter(hasNoTest);
  const textOnly = claims.filter((claim) => !hasNoTest(claim) && onlyTextTests(claim));
  const flagged = claims.filter((claim) => claim.kind !== null);
  const counts = KINDS.map((kind) => [kind, flagged.filter((claim) => claim.kind === kind).length] as const).filter(([, count]) => count > 0);
  return `${tables}## Summary

${claims.length} claims. ${noTest.length} ${noTest.length === 1 ? "has" : "have"} no test at all, and ${textOnly.length} more have a test that only checks the words are shown
(both lists below). Flagged claims by kind: ${counts.map(([kind, count]) => `${kind}: ${count}`).join("; ")}.
(Counted from the tables above by \`npm run docs:claims\` on ${date}.)
Claims marked "Nothing behind it" or "Untrue" should be reworded or built before anyone relies on them; the
"Inconsistent" ones need one answer chosen.

${inconsistencies}### Claims with no test

${noTest.length > 0 ? noTest.map(item).join("\n") : "None."}

### Claims whose test checks only that the words are shown

${textOnly.map(item).join("\n")}

### Claims flagged above (not, or not fully, true of this repository)

${flagged.map(item).join("\n")}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const markdown = await readFile(PRODUCT_MD, "utf8");
  await writeFile(PRODUCT_MD, summarise(markdown, new Date().toISOString().slice(0, 10)));
  console.log("docs/product.md: Summary rewritten");
}
