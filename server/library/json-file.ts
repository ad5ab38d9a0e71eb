import { LIBRARY_LIMITS } from "@common/api/library";
import { LibraryFileError } from "./library-file";

/**
 * Parses a JSON file after measuring it in one linear pass over the text: how deep it nests and how
 * many values it holds. A file of 100,000 nested arrays, or a small jsonlz4 that unpacks to millions
 * of `{}`, is refused before JSON.parse builds anything (decision 204). Real session files nest fewer
 * than 15 levels and hold a few hundred thousand values.
 */
export function parseJsonFile(text: string, what: string, limits: { nesting: number; values: number } = { nesting: LIBRARY_LIMITS.nesting, values: LIBRARY_LIMITS.jsonValues }): unknown {
  measureJson(text, what, limits);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new LibraryFileError(`This ${what} is not valid JSON (damaged or cut short); nothing was imported.`);
  }
}

/**
 * The pre-scan: every `[`/`{` opens a value, every `,` outside a string starts another, and a file
 * holds at least one. Counted this way a value is never missed, so the count is an upper bound of what
 * JSON.parse would allocate.
 */
export function measureJson(text: string, what: string, limits: { nesting: number; values: number }): void {
  let depth = 0;
  let values = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 92 /* \ */) i++;
      else if (code === 34 /* " */) inString = false;
      continue;
    }
    if (code === 34) inString = true;
    else if (code === 91 /* [ */ || code === 123 /* { */) {
      depth++;
      values++;
      if (depth > limits.nesting) {
        throw new LibraryFileError(`This ${what} nests deeper than ${limits.nesting} levels, which no session file does; nothing was imported.`);
      }
    } else if (code === 44 /* , */) values++;
    else if (code === 93 || code === 125) depth--;
    if (values > limits.values) {
      throw new LibraryFileError(
        `This ${what} holds more than ${limits.values.toLocaleString("en-US")} values, far more than any session file; nothing was imported.`,
        413,
      );
    }
  }
}
