import { z } from "zod";
import { paddedLength } from "../end-to-end-encryption";
import { text } from "./text";

/**
 * Labels a person gives backups and groupings (a backup's name, tags and note, a group's title, a window's name) may
 * arrive sealed in the browser (decision 237): a `tv2.` value, or `tv3.<key id>.` once a key rotation re-sealed it
 * (decision 239), that the server stores as sent, never trimmed, lower-cased or filtered, within its own length cap.
 */
export const sealedLabelPattern = /^(?:tv2|tv3\.[A-Za-z0-9_-]{22})\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22,}$/;

/** Anything that starts like a sealed value is judged as one: a broken one is refused, never kept as a plain name. */
const looksSealed = /^tv\d+\./;

export function isSealedLabel(value: string): boolean {
  return sealedLabelPattern.test(value);
}

/** The longest prefix a sealed label has: a rotation's `tv3.<22-character key id>.` (decision 239). */
const LONGEST_LABEL_PREFIX = `tv3.${"k".repeat(22)}.`.length;

/**
 * The longest sealed form of a label of `characters` UTF-16 units: at most 6 bytes each once in JSON (a control
 * character's `\u0001`), padded (decision 225), a 16-byte tag, base64url, then the prefix and the IV.
 */
export function sealedLabelLength(characters: number): number {
  const sealedBytes = paddedLength(characters * 6 + 2) + 16;
  return LONGEST_LABEL_PREFIX + 16 + 1 + Math.ceil((sealedBytes * 4) / 3);
}

/** What a reader that cannot open a sealed label shows in its place (exports, mail, team lists, messages). */
export const ENCRYPTED_LABEL = "Encrypted name";

/** `value` when plain, {@link ENCRYPTED_LABEL} when sealed: for a server reader, which never holds the key. */
export function readableLabel(value: string, sealedAs: string = ENCRYPTED_LABEL): string {
  return isSealedLabel(value) ? sealedAs : value;
}

/**
 * A field that takes `plain` as before, or a sealed label of such a value: `field` names it in the messages. The plain
 * schema's trimming and lower-casing apply to plain values only.
 */
export function plainOrSealed(plain: z.ZodType<string, string>, characters: number, field: string) {
  const cap = sealedLabelLength(characters);
  // Built on text(): neither a sealed value nor a plain one may hold NUL or half a surrogate pair, and the input
  // walk (server/http/request-input.test.ts) reads this first step.
  return text().transform((value, context) => {
    if (looksSealed.test(value)) {
      if (value.length > cap) context.addIssue({ code: "custom", message: `An encrypted ${field} has at most ${cap} characters` });
      else if (!sealedLabelPattern.test(value)) context.addIssue({ code: "custom", message: `This ${field} looks encrypted but is not a sealed value` });
      else return value;
      return z.NEVER;
    }
    const parsed = plain.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) context.addIssue({ code: "custom", message: issue.message });
    return z.NEVER;
  });
}
