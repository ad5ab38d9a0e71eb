import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { browserId, epochMilliseconds, INTEGER_COLUMN_MAX, INTEGER_COLUMN_MIN } from "@common/api/integers";
import { loneSurrogateMessage, nulCharacterMessage } from "@common/api/text";
import { buildTestApp } from "../test/test-app";

/**
 * Every string a route accepts must be one PostgreSQL can store, and every number must fit the
 * column it ends up in. This walks the zod schema of every route's body, query string and path
 * parameters, so a field added tomorrow with a bare z.string() or an unbounded integer fails here.
 */

/** Integers that are not stored in an `integer` column, each with where it goes. */
const widerIntegers: Record<string, string> = {
  "GET /api/admin/logs querystring.cursor": "a system_logs id (bigint)",
  "GET /api/admin/messages querystring.cursor": "a contact_messages id (bigint)",
  "GET /api/account/encryption/rotation/contents querystring.after": "a tab_contents id (bigint)",
  "PUT /api/account/encryption/rotation/contents body.contents[].id": "a tab_contents id (bigint)",
  "GET /download/file/:platform/:fileName querystring.expires": "unix seconds, compared with the clock, never stored",
};

interface Leaf {
  path: string;
  kind: "string" | "number";
  schema: z.ZodType;
}

/** The string and number leaves of a schema, with their paths; containers are walked through. */
function leavesOf(schema: z.ZodType, path: string): Leaf[] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const inner = (key: string, suffix = "") => leavesOf(def[key] as z.ZodType, `${path}${suffix}`);
  switch (def.type) {
    case "string":
      return [{ path, kind: "string", schema }];
    case "number":
      return [{ path, kind: "number", schema }];
    case "object":
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, value]) => leavesOf(value, `${path}.${key}`));
    case "record":
      return [...inner("keyType", "{key}"), ...inner("valueType", "{value}")];
    case "array":
      return inner("element", "[]");
    case "union":
      return (def.options as z.ZodType[]).flatMap((option, index) => leavesOf(option, `${path}|${index}`));
    case "pipe":
      return [...inner("in"), ...inner("out")];
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      return inner("innerType");
    case "enum":
    case "literal":
    case "boolean":
    case "null":
    case "undefined":
    case "transform":
      return [];
    default:
      throw new Error(`${path}: the walker does not know zod's "${def.type}"; teach it`);
  }
}

const samples = [
  ["a\u0000b", nulCharacterMessage],
  ["a\ud800b", loneSurrogateMessage],
  ["a\udc00b", loneSurrogateMessage],
] as const;

describe("the input of every route", () => {
  let app: FastifyInstance;
  let leaves: Leaf[];
  beforeAll(async () => {
    app = await buildTestApp();
    leaves = app.routeTable.flatMap((route) =>
      (["body", "querystring", "params"] as const).flatMap((part) => {
        const schema = route.schema?.[part];
        return schema ? leavesOf(schema as z.ZodType, `${route.method} ${route.url} ${part}`) : [];
      }),
    );
  });
  afterAll(() => app.close());

  it("is walked for every route that takes input", () => {
    const paths = leaves.map((leaf) => leaf.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "PATCH /api/auth/user body.firstName",
        "POST /api/protection/android-clear-all body.browserSession.tabs[].formData{key}",
        "POST /api/protection/android-clear-all body.browserSession.tabs[].formData{value}",
        "POST /api/protection/windows-x-button body.applications[].processId",
        "GET /download/file/:platform/:fileName params.fileName",
        "GET /api/login querystring.next",
      ]),
    );
    expect(leaves.length).toBeGreaterThan(60);
  });

  it("refuses the NUL character and lone surrogates in every string, and says so", () => {
    const accepting: string[] = [];
    for (const leaf of leaves.filter((candidate) => candidate.kind === "string")) {
      // Formats (email, uuid, datetime) refuse both by their pattern; a plain string must say why.
      const format = (leaf.schema as unknown as { format?: string | null }).format;
      for (const [sample, message] of samples) {
        const result = leaf.schema.safeParse(sample);
        const refused = !result.success && (format ? true : result.error.issues.some((issue) => issue.message === message));
        if (!refused) accepting.push(`${leaf.path} accepts ${JSON.stringify(sample)}`);
      }
      // A surrogate pair is one ordinary character (here an emoji), not a lone half.
      const emoji = leaf.schema.safeParse("a\ud83d\ude00b");
      if (!emoji.success && emoji.error.issues.some((issue) => issue.message === loneSurrogateMessage)) accepting.push(`${leaf.path} refuses an emoji`);
    }
    expect(accepting).toEqual([]);
  });

  it("bounds every integer by the range of the column it is stored in", () => {
    const unbounded: string[] = [];
    for (const leaf of leaves.filter((candidate) => candidate.kind === "number")) {
      // A browser's window, tab and group ids are any safe integer, stored as bigint (decision 202).
      if (leaf.schema === epochMilliseconds || leaf.schema === browserId || widerIntegers[leaf.path]) continue;
      if (leaf.schema.safeParse(INTEGER_COLUMN_MAX + 1).success) unbounded.push(`${leaf.path} accepts ${INTEGER_COLUMN_MAX + 1}`);
      if (leaf.schema.safeParse(INTEGER_COLUMN_MIN - 1).success) unbounded.push(`${leaf.path} accepts ${INTEGER_COLUMN_MIN - 1}`);
    }
    expect(unbounded).toEqual([]);
    // The allowances name real fields, so a renamed one does not quietly stay allowed.
    const paths = new Set(leaves.map((leaf) => leaf.path));
    expect(Object.keys(widerIntegers).filter((path) => !paths.has(path))).toEqual([]);
    expect(epochMilliseconds.safeParse(8.64e15 + 1).success).toBe(false);
    expect(browserId.safeParse(2 ** 53).success).toBe(false);
  });
});
