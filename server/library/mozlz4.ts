import { LibraryFileError } from "./library-file";

/**
 * Firefox's `sessionstore.jsonlz4` (and `recovery.jsonlz4`, `previous.jsonlz4`): the magic "mozLz40\0",
 * the decompressed size as 4 bytes little-endian, then one LZ4 block. Decoded here in a few lines rather
 * than with a package (decision 150), so the limits are ours: the declared size is checked before anything is allocated, and the output can never
 * grow past it, so a bomb costs at most `maxBytes`.
 */
export const MOZLZ4_MAGIC = Buffer.from("mozLz40\0", "latin1");

export function isMozLz4(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && Buffer.from(bytes.buffer, bytes.byteOffset, 8).equals(MOZLZ4_MAGIC);
}

const broken = () => new LibraryFileError("This .jsonlz4 file is damaged or cut short (its LZ4 data does not decode); nothing was imported.");

export function decodeMozLz4(bytes: Uint8Array, maxBytes: number): Buffer {
  if (!isMozLz4(bytes)) throw new LibraryFileError("This is not a Firefox .jsonlz4 file (it does not start with mozLz40).");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = view.getUint32(8, true);
  if (size > maxBytes) {
    throw new LibraryFileError(
      `This .jsonlz4 file would decompress to ${Math.ceil(size / 1024 / 1024)} MB, more than the ${maxBytes / 1024 / 1024} MB TabVault reads; nothing was imported.`,
      413,
    );
  }
  const output = Buffer.allocUnsafe(size);
  const written = decodeLz4Block(bytes, 12, output);
  if (written !== size) throw broken();
  return output;
}

/** Decodes one LZ4 block from `input[start..]` into `output`; returns the bytes written. Never writes past `output`. */
export function decodeLz4Block(input: Uint8Array, start: number, output: Uint8Array): number {
  let inPos = start;
  let outPos = 0;
  const end = input.length;
  while (inPos < end) {
    const token = input[inPos++]!;
    let literals = token >>> 4;
    if (literals === 15) {
      let byte: number;
      do {
        if (inPos >= end) throw broken();
        byte = input[inPos++]!;
        literals += byte;
      } while (byte === 255);
    }
    if (inPos + literals > end || outPos + literals > output.length) throw broken();
    output.set(input.subarray(inPos, inPos + literals), outPos);
    inPos += literals;
    outPos += literals;
    // The last sequence is literals only.
    if (inPos === end) break;
    if (inPos + 2 > end) throw broken();
    const offset = input[inPos]! | (input[inPos + 1]! << 8);
    inPos += 2;
    if (offset === 0 || offset > outPos) throw broken();
    let length = (token & 15) + 4;
    if ((token & 15) === 15) {
      let byte: number;
      do {
        if (inPos >= end) throw broken();
        byte = input[inPos++]!;
        length += byte;
      } while (byte === 255);
    }
    if (outPos + length > output.length) throw broken();
    let from = outPos - offset;
    if (offset >= length) {
      output.copyWithin(outPos, from, from + length);
      outPos += length;
    } else {
      // Overlapping match: the bytes repeat with period `offset`.
      for (let i = 0; i < length; i++) output[outPos++] = output[from++]!;
    }
  }
  return outPos;
}

/**
 * A simple LZ4 block encoder (greedy, one hash table), enough to write test files and the benchmark's
 * jsonlz4; Firefox and any LZ4 decoder read its output.
 */
export function encodeMozLz4(data: Uint8Array): Buffer {
  const header = Buffer.alloc(12);
  MOZLZ4_MAGIC.copy(header, 0);
  header.writeUInt32LE(data.length, 8);
  return Buffer.concat([header, encodeLz4Block(data)]);
}

export function encodeLz4Block(data: Uint8Array): Buffer {
  const out: number[] = [];
  const table = new Map<number, number>();
  let anchor = 0;
  let pos = 0;
  // LZ4's rules: the last match starts at least 12 bytes before the end, the last 5 bytes are literals.
  const matchLimit = data.length - 12;
  const writeLength = (value: number) => {
    while (value >= 255) {
      out.push(255);
      value -= 255;
    }
    out.push(value);
  };
  const flush = (literalEnd: number, matchLength: number | null, offset: number) => {
    const literals = literalEnd - anchor;
    const token = (Math.min(literals, 15) << 4) | (matchLength === null ? 0 : Math.min(matchLength - 4, 15));
    out.push(token);
    if (literals >= 15) writeLength(literals - 15);
    for (let i = anchor; i < literalEnd; i++) out.push(data[i]!);
    if (matchLength === null) return;
    out.push(offset & 255, offset >>> 8);
    if (matchLength - 4 >= 15) writeLength(matchLength - 4 - 15);
  };
  while (pos < matchLimit) {
    const key = data[pos]! | (data[pos + 1]! << 8) | (data[pos + 2]! << 16) | (data[pos + 3]! << 24);
    const candidate = table.get(key);
    table.set(key, pos);
    if (candidate !== undefined && pos - candidate <= 65_535) {
      let length = 4;
      while (pos + length < data.length - 5 && data[candidate + length] === data[pos + length]) length++;
      flush(pos, length, pos - candidate);
      pos += length;
      anchor = pos;
    } else {
      pos++;
    }
  }
  flush(data.length, null, 0);
  return Buffer.from(out);
}
