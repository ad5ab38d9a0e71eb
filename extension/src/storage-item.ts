import { z } from "zod";
import type { StorageArea } from "./browser-api";

/**
 * A part of a stored value that was checked against its contract when the server answered (or built by this
 * extension): read back, only its presence is checked.
 */
export function checkedWhenStored<T>(): z.ZodType<T> {
  return z.custom<T>((value) => typeof value === "object" && value !== null);
}

/**
 * One value in extension storage under its key, read through its schema: a value written by an older version or
 * by hand reads as missing rather than as a wrong type. The value read is the one stored (never a stripped copy).
 */
export class StorageItem<T> {
  constructor(
    private readonly area: StorageArea,
    readonly key: string,
    private readonly schema: z.ZodType<T>,
  ) {}

  /** Whether a stored value has this item's shape. */
  holds = (value: unknown): value is T => this.schema.safeParse(value).success;

  async get(): Promise<T | undefined> {
    const value = (await this.area.get(this.key))[this.key];
    return this.holds(value) ? value : undefined;
  }

  async set(value: T): Promise<void> {
    await this.area.set({ [this.key]: value });
  }

  async remove(): Promise<void> {
    await this.area.remove(this.key);
  }
}
