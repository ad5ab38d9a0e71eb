import { LIBRARY_LIMITS } from "@common/api/library";
import { LibraryFileError } from "./library-file";

/**
 * Parses a JSON file after checking how deep it nests, in one pass over the text, so a file of
 * 100,000 nested arrays is a 400 before JSON.parse or any walker sees it. Real session files nest
 * fewer than 15 levels.
 */
export function parseJsonFile(text: string, what: string): unknown {
  let depth = 0;
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
      if (depth > LIBRARY_LIMITS.nesting) {
        throw new LibraryFileError(`This ${what} nests deeper than ${LIBRARY_LIMITS.nesting} levels, which no session file does; nothing was imported.`);
      }
    } else if (code === 93 || code === 125) depth--;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new LibraryFileError(`This ${what} is not valid JSON (damaged or cut short); nothing was imported.`);
  }
}
