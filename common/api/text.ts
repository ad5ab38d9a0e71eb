import { z } from "zod";

export const nulCharacterMessage = "must not contain the NUL character";
export const loneSurrogateMessage = "must be valid Unicode text (it holds half of a UTF-16 surrogate pair)";

/** A UTF-16 surrogate without its partner: a JavaScript string may hold one, UTF-8 cannot. */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * A string PostgreSQL can store. It refuses NUL in text and jsonb, and a lone surrogate in jsonb
 * (in text it silently becomes U+FFFD). Every string a request carries is built on this, so such
 * input is a 400 that names the field instead of a 500 from the database.
 */
export function text(params?: { message: string }) {
  return z
    .string(params)
    .refine((value) => !value.includes("\0"), nulCharacterMessage)
    .refine((value) => !loneSurrogate.test(value), loneSurrogateMessage);
}

/** C0 and C1 control characters (line breaks and tabs among them), DEL, and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const controlCharacter = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
export const oneLineMessage = "A name is one line of text, without control characters";

/**
 * A name: {@link text} on one line. A line break in a name would put a second line under it in every list
 * and export (a CSV cell's second line is where a formula hides), and a control character has no place in it.
 */
export function oneLineText(params?: { message: string }) {
  return text(params).refine((value) => !controlCharacter.test(value), oneLineMessage);
}
