// No two folders import each other, through any chain: a server domain, a part of the extension or a feature of the
// web app can be read, tested and moved without the other. ESLint's import-x/no-cycle sees cycles between files; this
// sees cycles between folders, which it does not. In the web app the parts are each feature folder, `components/layout`,
// `components/ui`, `lib` and the app shell (the files beside `App.tsx`): the shell puts the features together, layout
// is given what it shows of the account by the shell, and what several features share lives in `lib` or in a feature
// they all read one way (decision 233). `server/db/schema.ts` lists every domain's table for Drizzle and is the one
// file left out.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const aliases: [string, string][] = [
  ["@common/", "common/"],
  ["@/", "client/src/"],
];
const listsEveryTable = "server/db/schema.ts";

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name.startsWith(".") ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** The web app's files beside `App.tsx` (`routes.tsx`, `main.tsx`, the guard and dialogs they mount): one part. */
const appShell = "client/src (the app shell)";

/**
 * The folder a file belongs to: its own (`server/backups`, `server/teams/policy`, `extension/src/background`), except
 * that `common/` is one layer, shared by all. `server/teams/policy` and `server/teams/sharing` are parts of their own:
 * backups read the policy, and sharing reads backups. In the web app a feature is one part with the folders inside it
 * (`features/teams` with `policy`, `sharing` and `insights`, as their screens are the Team page's), and so are
 * `components/layout`, `components/ui` and `lib`.
 */
function folderOf(file: string): string {
  if (file.startsWith("common/")) return "common";
  const clientPart = /^client\/src\/(features\/[^/]+|components\/[^/]+|lib)\//.exec(file);
  if (clientPart) return `client/src/${clientPart[1]}`;
  if (file.startsWith("client/src/")) return appShell;
  return path.posix.dirname(file);
}

function importedFiles(file: string, source: string): string[] {
  const specifiers = [...source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+)["']/g)].map(([, specifier]) => specifier!);
  return specifiers.flatMap((specifier) => {
    if (specifier.startsWith(".")) return [path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))];
    const alias = aliases.find(([prefix]) => specifier.startsWith(prefix));
    return alias ? [alias[1] + specifier.slice(alias[0].length)] : [];
  });
}

function folderGraph(roots: string[]): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of roots.flatMap(sourceFiles)) {
    if (file === listsEveryTable) continue;
    const from = folderOf(file);
    for (const target of importedFiles(file, readFileSync(path.join(root, file), "utf8"))) {
      const to = folderOf(`${target}.ts`);
      // A folder and the folders inside it are one part (`server/library/formats` reads `server/library`'s types).
      if (to === from || `${to}/`.startsWith(`${from}/`) || `${from}/`.startsWith(`${to}/`)) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, `${file} → ${target}`);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** Each set of folders that import each other (a strongly connected component, Tarjan), with the imports that do it. */
function folderCycles(graph: Map<string, Map<string, string>>): string[] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[] = [];
  const connect = (folder: string) => {
    index.set(folder, index.size);
    lowLink.set(folder, index.get(folder)!);
    stack.push(folder);
    for (const next of graph.get(folder)?.keys() ?? []) {
      if (!index.has(next)) {
        connect(next);
        lowLink.set(folder, Math.min(lowLink.get(folder)!, lowLink.get(next)!));
      } else if (stack.includes(next)) {
        lowLink.set(folder, Math.min(lowLink.get(folder)!, index.get(next)!));
      }
    }
    if (lowLink.get(folder) !== index.get(folder)) return;
    const members = stack.splice(stack.indexOf(folder));
    if (members.length < 2) return;
    const imports = members.flatMap((from) =>
      [...(graph.get(from) ?? [])].filter(([to]) => members.includes(to)).map(([, why]) => why),
    );
    cycles.push(`${[...members].sort().join(" ⇄ ")}: ${imports.join("; ")}`);
  };
  for (const folder of graph.keys()) if (!index.has(folder)) connect(folder);
  return cycles;
}

describe("folders import each other one way only", () => {
  it("no cycle between the server's domains, common/ and the extension's folders", () => {
    expect(folderCycles(folderGraph(["server", "common", "extension"]))).toEqual([]);
  });

  it("no cycle between the web app's features, its layout, ui, lib and app shell", () => {
    expect(folderCycles(folderGraph(["client/src"]))).toEqual([]);
  });

  it("finds a cycle through a third folder", () => {
    const graph = new Map([
      ["a", new Map([["b", "a/x.ts → b/y"]])],
      ["b", new Map([["c", "b/y.ts → c/z"]])],
      ["c", new Map([["a", "c/z.ts → a/x"]])],
    ]);
    expect(folderCycles(graph).length).toBeGreaterThan(0);
  });
});
