import { readdirSync, readFileSync } from "node:fs";
import fc from "fast-check";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { LIBRARY_LIMITS } from "@common/api/library";
import { LibraryFileError } from "./library-file";
import { encodeMozLz4 } from "./mozlz4";
import { type ImportRequestBody, readLibraryFile } from "./read-file";
import { READ_LIMITS, readLibraryFileOffThread } from "./read-off-thread";

/**
 * Hostile files (decision 204): every recogniser and reader finishes in bounded time on what an
 * attacker can send, and refuses it with a 4xx message; the worker's time and heap limits end the rest.
 */

const body = (content: string, encoding: "text" | "base64" = "text", format: ImportRequestBody["format"] = "auto"): ImportRequestBody => ({
  fileName: "",
  encoding,
  format,
  content,
});

/** Reads the file in this thread and says how long it took and what it answered. */
function timedRead(input: ImportRequestBody): { ms: number; status: number | "read" } {
  const started = performance.now();
  let status: number | "read";
  try {
    readLibraryFile(input);
    status = "read";
  } catch (error) {
    if (!(error instanceof LibraryFileError)) throw error;
    status = error.statusCode;
  }
  return { ms: performance.now() - started, status };
}

/** Up to 8 MB, the largest file the route takes. */
const fill = (unit: string, bytes: number) => unit.repeat(Math.max(1, Math.floor(bytes / unit.length)));

/**
 * A generous bound for 8 MB on a shared, busy machine: the linear readers take well under a second;
 * the quadratic recogniser this replaced took 55 s on 420 KB.
 */
const boundMs = 4_000;

const formats = ["auto", "bookmarks-html", "onetab", "url-list", "tab-session-manager", "session-buddy", "tabvault"] as const;

describe("hostile files are refused in bounded time", () => {
  it("long runs of `<a ` after a `<dl>` (the file that froze the server for 56 s) cost one pass", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("<a ", "<A\t", "<a href", "<a hre", "<dl><a "),
        fc.integer({ min: 100_000, max: LIBRARY_LIMITS.fileBytes }),
        fc.constantFrom(...formats),
        (unit, bytes, format) => {
          const { ms, status } = timedRead(body(`<dl>${fill(unit, bytes - 4)}`, "text", format));
          expect(status).toBeGreaterThanOrEqual(400);
          expect(ms).toBeLessThan(boundMs);
        },
      ),
      { numRuns: 12 },
    );
  });

  it("repetitions of any mix of the formats' own tokens", () => {
    const token = fc.constantFrom("<a ", "<dl>", "<dt>", "href", "=", " ", "\t", "\n", " |", "|", "a:", ":", "[", "{", '"', "\\", ",", "]", "}", "[@name='", "'", "<h3>", "<");
    fc.assert(
      fc.property(fc.array(token, { minLength: 1, maxLength: 6 }), fc.integer({ min: 10_000, max: 2_000_000 }), fc.constantFrom(...formats), (tokens, bytes, format) => {
        const { ms, status } = timedRead(body(fill(tokens.join(""), bytes), "text", format));
        expect(status).toBeGreaterThanOrEqual(400);
        expect(ms).toBeLessThan(boundMs);
      }),
      { numRuns: 40 },
    );
  });

  it("deep nesting and huge arrays are refused by the pre-scan, before JSON.parse", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("[", '{"a":', "[{", '{"windows":['),
        fc.constantFrom("0,", "{},", "[],", '"",', "{}"),
        fc.integer({ min: 1_000, max: 3_000_000 }),
        (opener, element, count) => {
          const deep = timedRead(body(opener.repeat(Math.min(count, Math.floor(LIBRARY_LIMITS.fileBytes / opener.length)))));
          expect(deep.status).toBe(400);
          expect(deep.ms).toBeLessThan(boundMs);
          const wide = timedRead(body(`[${element.repeat(Math.min(count, Math.floor(LIBRARY_LIMITS.fileBytes / element.length) - 2))}0]`));
          expect(wide.status).toBeGreaterThanOrEqual(400);
          expect(wide.ms).toBeLessThan(boundMs);
        },
      ),
      { numRuns: 12 },
    );
  });

  it("a jsonlz4 that unpacks to millions of values is refused after decompression, before JSON.parse", () => {
    fc.assert(
      fc.property(fc.constantFrom("{},", "[],", "0,", '{"a":{}},', "[{}],"), // From 6 MB every one of these holds more than the 1.5 million values a file may have.
      fc.integer({ min: 6, max: LIBRARY_LIMITS.decompressedBytes / 1024 / 1024 }), (element, megabytes) => {
        const json = Buffer.from(`[${fill(element, megabytes * 1024 * 1024 - 8)}0]`);
        const bomb = encodeMozLz4(json);
        // A few KB of file: the 263 KB one of the issue unpacked to 64 MB.
        expect(bomb.length).toBeLessThan(300 * 1024);
        const { ms, status } = timedRead(body(bomb.toString("base64"), "base64"));
        expect(status).toBe(413);
        expect(ms).toBeLessThan(boundMs);
      }),
      { numRuns: 6 },
    );
  });

  it("a jsonlz4 declaring more than the decompressed budget is refused before anything is allocated", () => {
    const header = Buffer.alloc(12);
    header.write("mozLz40\0", 0, "latin1");
    header.writeUInt32LE(LIBRARY_LIMITS.decompressedBytes + 1, 8);
    const { status } = timedRead(body(Buffer.concat([header, Buffer.from([0x10, 0x5b])]).toString("base64"), "base64"));
    expect(status).toBe(413);
  });
});

describe("the worker's own limits", () => {
  it("a read that outlasts the time limit is ended and answered 413 with a message", async () => {
    const error = await readLibraryFileOffThread(body("https://a.example/\n"), { ...READ_LIMITS, timeoutMs: 1 }).then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(LibraryFileError);
    expect((error as LibraryFileError).statusCode).toBe(413);
    expect((error as LibraryFileError).message).toMatch(/takes longer than 0.001 seconds to read/);
  });

  it("a read that needs more heap than the worker has is ended and answered 413 with a message", async () => {
    // 1.4 million values in 5 MB pass the pre-scan; with an 8 MB heap JSON.parse runs out.
    const wide = `[${"{},".repeat(1_400_000)}0]`;
    const error = await readLibraryFileOffThread(body(wide), { ...READ_LIMITS, heapMb: 8 }).then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(LibraryFileError);
    expect((error as LibraryFileError).statusCode).toBe(413);
    expect((error as LibraryFileError).message).toMatch(/needs more than 8 MB to read/);
  });

  it("a real file comes through the worker whole", async () => {
    const file = await readLibraryFileOffThread(body("https://a.example/ | A\u00a0title  \nhttps://b.example/ | B\n"));
    expect(file.windows[0]!.tabs.map((tab) => tab.title)).toEqual(["A\u00a0title  ", "B"]);
  });
});

/**
 * The regular expressions of the readers, checked for the shapes that make a match cost more than one
 * pass over its input (decision 204): a quantified group that is itself quantified (`(a+)+`), and, in a
 * pattern not anchored with `^`, an unbounded quantifier followed by more pattern (`<a\s[^>]*href`),
 * which is retried from every start position and so rescans the rest of the text from each.
 */
describe("no regular expression of the readers can backtrack over the whole file", () => {
  // What reads an uploaded file: the formats, and the modules between the upload and them.
  const readerFiles = [
    ...["read-file.ts", "json-file.ts", "library-file.ts", "mozlz4.ts", "import.ts", "read-worker.ts"].map((name) => `server/library/${name}`),
    ...readdirSync("server/library/formats")
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
      .map((name) => `server/library/formats/${name}`),
  ];

  function regexLiterals(file: string): { file: string; line: number; source: string }[] {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const found: { file: string; line: number; source: string }[] = [];
    const walk = (node: ts.Node) => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = node.getText(source);
        found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, source: text.slice(1, text.lastIndexOf("/")) });
      }
      ts.forEachChild(node, walk);
    };
    walk(source);
    return found;
  }

  /** Why a pattern can be super-linear, or null. Character classes and escapes are skipped as atoms. */
  function superLinear(pattern: string): string | null {
    // One pass over the pattern: strip classes and escapes to a placeholder so only structure is left.
    let structure = "";
    for (let i = 0; i < pattern.length; i++) {
      const char = pattern[i]!;
      if (char === "\\") {
        structure += "x";
        i++;
      } else if (char === "[") {
        let j = i + 1;
        while (j < pattern.length && pattern[j] !== "]") j += pattern[j] === "\\" ? 2 : 1;
        structure += "x";
        i = j;
      } else structure += char;
    }
    const unbounded = /[*+]|\{\d+,\}/;
    if (/\([^()]*(?:[*+]|\{\d+,\})[^()]*\)(?:[*+]|\{\d+,\})/.test(structure)) return "a quantified group that is quantified again";
    let depth = 0;
    let topLevelAlternative = false;
    for (const char of structure) {
      if (char === "(") depth++;
      else if (char === ")") depth--;
      else if (char === "|" && depth === 0) topLevelAlternative = true;
    }
    const anchored = structure.startsWith("^") && !topLevelAlternative;
    if (!anchored) {
      const quantifier = unbounded.exec(structure);
      if (quantifier) {
        const rest = structure.slice(quantifier.index + quantifier[0].length).replace(/^\??\)*\$?$/, "");
        if (rest !== "") return "an unbounded quantifier followed by more pattern, in a pattern not anchored at the start";
      }
    }
    return null;
  }

  it("the check itself catches the recogniser that froze the server", () => {
    expect(superLinear("<a\\s[^>]*href\\s*=")).not.toBeNull();
    expect(superLinear("(a+)+$")).not.toBeNull();
    expect(superLinear("\\[@name='([^']+)'\\]\\s*$")).not.toBeNull();
    expect(superLinear("^\\s*[{[]")).toBeNull();
    expect(superLinear("\\s+")).toBeNull();
  });

  it("holds for every regular expression of the readers", () => {
    const offenders = readerFiles
      .flatMap(regexLiterals)
      .map((literal) => ({ ...literal, why: superLinear(literal.source) }))
      .filter((literal) => literal.why !== null)
      .map((literal) => `${literal.file}:${literal.line} /${literal.source}/: ${literal.why}`);
    expect(offenders).toEqual([]);
  });
});
