/**
 * Text read from a page, made storable: PostgreSQL refuses NUL characters and lone UTF-16 surrogates,
 * and the server answers such a backup with 400, so one odd character would cost the whole backup.
 * NULs are dropped, lone surrogates become U+FFFD, and the cut to `maxLength` never splits a pair.
 */
export function storableText(value: string, maxLength: number): string {
  let text = value.replaceAll("\u0000", "");
  if (text.length > maxLength) {
    const end = /[\uD800-\uDBFF]/.test(text[maxLength - 1] ?? "") ? maxLength - 1 : maxLength;
    text = text.slice(0, end);
  }
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}
