import { z } from "zod";
import type { StorageArea } from "./browser-api";

/** Seals one value in a round, or gives back what the previous round sealed for the same inputs. */
export type SealOnce = (inputs: readonly unknown[], seal: () => Promise<string>) => Promise<string>;

export type SealRoundPurpose = "upload" | "open-tabs";

const MEMO_PREFIX = "sealMemo.";
const purposes: readonly SealRoundPurpose[] = ["upload", "open-tabs"];
const memoSchema = z.record(z.string(), z.string());

/**
 * The sealed values of the last upload and of the last open-tabs push, by a digest of what each sealed (decision 232).
 * Every sealing draws a fresh IV, so a tab sealed again is new content to the server and is stored again, however
 * unchanged (decision 212's "stored once" undone for accounts that seal); given the value it was sent last time, the
 * server stores it once. Kept in the browser's session storage where there is one (content scripts cannot read it; a
 * browser restart empties it, costing one new copy of each tab), else in memory; forgotten whenever the key changes.
 */
export class SealMemo {
  private readonly memory = new Map<string, Record<string, string>>();

  constructor(private readonly area: StorageArea | null) {}

  /** Runs one sealing round; what it sealed becomes the memo the next round of the same purpose starts from. */
  async round<T>(purpose: SealRoundPurpose, run: (sealOnce: SealOnce) => Promise<T>): Promise<T> {
    const key = MEMO_PREFIX + purpose;
    const previous = await this.read(key);
    const used: Record<string, string> = {};
    const result = await run(async (inputs, seal) => {
      const id = await digest(inputs);
      const sealed = previous[id] ?? used[id] ?? (await seal());
      used[id] = sealed;
      return sealed;
    });
    if (this.area) await this.area.set({ [key]: used });
    else this.memory.set(key, used);
    return result;
  }

  /** The key changed (unlocked, locked, forgotten): nothing sealed under the old one is given again. */
  async forget(): Promise<void> {
    this.memory.clear();
    await this.area?.remove(purposes.map((purpose) => MEMO_PREFIX + purpose));
  }

  private async read(key: string): Promise<Record<string, string>> {
    if (!this.area) return this.memory.get(key) ?? {};
    const parsed = memoSchema.safeParse((await this.area.get(key))[key]);
    return parsed.success ? parsed.data : {};
  }
}

async function digest(inputs: readonly unknown[]): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(inputs))));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
