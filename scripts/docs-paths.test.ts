// The docs stay true: every file or folder that README.md or docs/ names exists, and every test that
// docs/product.md cites exists under that name. Paths are read from backticks (`server/backups/`) when they start at a
// top-level folder of the tree, and from relative Markdown links.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const topLevel = new Set(["client", "server", "common", "extension", "e2e", "scripts", "docs", ".ci"]);
// Made by a build, a run or an install, never committed (.gitignore).
const generated = ["dist/", "data/", "releases/", "node_modules/", "e2e/artifacts/", "extension/.wxt/"];

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith(".md") ? [full] : [];
  });
}

const docs = [path.join(root, "README.md"), ...markdownFiles(path.join(root, "docs"))];

/** The paths a document names, each resolved to where it must exist. */
function namedPaths(doc: string, text: string): { named: string; resolved: string }[] {
  const found: { named: string; resolved: string }[] = [];
  for (const [, quoted] of text.matchAll(/`([^`\n]+)`/g)) {
    const named = quoted!.replace(/[:#]\d.*$/, "").replace(/\s.*$/, "");
    const first = named.split("/")[0]!;
    if (!named.includes("/") || !topLevel.has(first)) continue;
    // `client/src/features/<feature>/`, `dist/extension/{chrome,firefox}-mv3`: a pattern, not a path.
    if (/[<>*{}…$]/.test(named) || generated.some((prefix) => named.startsWith(prefix))) continue;
    found.push({ named, resolved: path.join(root, named) });
  }
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^([a-z]+:|#|\/)/.test(target!)) continue;
    const named = target!.split("#")[0]!;
    found.push({ named, resolved: path.resolve(path.dirname(doc), named) });
  }
  return found;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether a test file declares a test of this name: literally, or as a template literal or `%s` pattern that makes it. */
function declaresTest(source: string, name: string): boolean {
  if (source.includes(name)) return true;
  for (const [, body] of source.matchAll(/`((?:[^`\\]|\\.)*\$\{(?:[^`\\]|\\.)*)`/g)) {
    const pattern = new RegExp(`^${body!.split(/\$\{[^}]*\}/).map(escapeRegExp).join(".+")}$`);
    if (pattern.test(name)) return true;
  }
  // A citation may shorten a name with "…" or keep it.each's "%s".
  if (!/…|%s/.test(name)) return false;
  const cited = new RegExp(`^${name.split(/…|%s/).map(escapeRegExp).join(".*")}$`);
  return [...source.matchAll(/["'`]([^"'`\n]+)["'`]/g)].some(([, literal]) => cited.test(literal!));
}

describe("the docs name only what exists", () => {
  it.each(docs.map((doc) => [path.relative(root, doc), doc]))("%s names only files and folders that exist", (_, doc) => {
    const missing = namedPaths(doc, readFileSync(doc, "utf8"))
      .filter(({ resolved }) => !existsSync(resolved))
      .map(({ named }) => named);
    expect([...new Set(missing)]).toEqual([]);
  });

  it("docs/product.md cites only tests that exist under the name it gives", () => {
    const text = readFileSync(path.join(root, "docs/product.md"), "utf8");
    const citations = [...text.matchAll(/`([^`\s]+\.test\.tsx?)`\s*›\s*"([^"]+)"/g)];
    expect(citations.length).toBeGreaterThan(100);
    const missing = citations
      .filter(([, file, name]) => {
        const full = path.join(root, file!);
        return !existsSync(full) || !declaresTest(readFileSync(full, "utf8"), name!);
      })
      .map(([, file, name]) => `${file} › "${name}"`);
    expect(missing).toEqual([]);
  });

  it("catches a moved file, a broken link and a renamed test", () => {
    const doc = path.join(root, "docs/architecture.md");
    const named = namedPaths(doc, "see `server/sessions/backups.ts` and [x](decisions/999-gone.md), not `/api/x`");
    expect(named.map(({ named }) => named)).toEqual(["server/sessions/backups.ts", "decisions/999-gone.md"]);
    expect(named.every(({ resolved }) => !existsSync(resolved))).toBe(true);
    expect(declaresTest("it(`keeps ${n} rules`, …)", "keeps 20 rules")).toBe(true);
    expect(declaresTest('it("keeps 20 rules", …)', "keeps 21 rules")).toBe(false);
  });
});
