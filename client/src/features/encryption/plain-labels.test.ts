import { describe, expect, it } from "vitest";
import type { FormEncryption } from "@common/api/encryption";
import { isSealedLabel } from "@common/api/sealed-labels";
import { backupKeyFrom, createBackupKey, keyIdOf, MIN_KDF_ITERATIONS, openLabel } from "@common/end-to-end-encryption";
import { placeOf } from "@common/key-rotation";
import { batchesWithin, type LabelSpot, type PlainLabelApi, type PlainLabelAt, type SealedPlainLabel, sealPlainLabels } from "@common/plain-label-sealing";
import { mayLabelsBeSealedWith, plainLabelsNotice } from "./plain-labels";

const BACKUP = "00000000-0000-4000-8000-000000000001";
const OTHER = "00000000-0000-4000-8000-000000000002";
const newKey = async () => backupKeyFrom(crypto.getRandomValues(new Uint8Array(32)));

const spotKey = (spot: LabelSpot) => `${spot.backupId}/${spot.kind}/${String(spot.index).padStart(10, "0")}`;

/**
 * A server's labels in memory, listed in spot order as `GET …/tab-locations/labels` lists them and written whole or
 * refused whole as `PUT` writes them (decision 246), so the pass's own logic is what these tests exercise.
 */
function labelStore(labels: PlainLabelAt[], limit = 3) {
  const stored = new Map(labels.map(({ plain, ...spot }) => [spotKey(spot), { spot, value: plain }]));
  const readable = () => [...stored.entries()].filter(([, { value }]) => value !== "" && !isSealedLabel(value)).sort(([a], [b]) => a.localeCompare(b));
  const api: PlainLabelApi & { writes: number; closeAfter: number } = {
    writes: 0,
    closeAfter: Infinity,
    list: async (after) => {
      const all = readable();
      const next = all.filter(([key]) => after === null || key > spotKey(after)).slice(0, limit);
      return { labels: next.map(([, { spot, value }]) => ({ ...spot, plain: value })), remaining: all.length };
    },
    write: async (batch: SealedPlainLabel[]) => {
      if (api.writes >= api.closeAfter) throw new Error("the page closed");
      for (const label of batch) {
        const was = stored.get(spotKey(label));
        if (!was || isSealedLabel(was.value) || was.value !== label.replaces || !isSealedLabel(label.sealed)) throw new Error(`400: ${spotKey(label)} refused`);
      }
      api.writes += 1;
      for (const { sealed, replaces: _replaces, ...spot } of batch) stored.set(spotKey(spot), { spot, value: sealed });
      return { remaining: readable().length };
    },
  };
  return { api, stored, set: (spot: LabelSpot, value: string) => stored.set(spotKey(spot), { spot, value }) };
}

const someLabels = (): PlainLabelAt[] => [
  { backupId: BACKUP, kind: "backup-name", index: 0, plain: "Tax return" },
  { backupId: BACKUP, kind: "note", index: 0, plain: "Due in April" },
  { backupId: BACKUP, kind: "tag", index: 1, plain: "finance" },
  { backupId: BACKUP, kind: "tag", index: 2, plain: "home" },
  { backupId: BACKUP, kind: "group-title", index: 7, plain: "Research" },
  { backupId: BACKUP, kind: "window-name", index: 0, plain: "Paperwork" },
  { backupId: OTHER, kind: "backup-name", index: 0, plain: "Holiday" },
  { backupId: OTHER, kind: "group-title", index: 3, plain: "" },
];

describe("the web app seals labels stored before the switch (decision 246)", () => {
  it("seals every readable label for its place, batch after batch, and answers the server's count", async () => {
    const key = await newKey();
    const { api, stored } = labelStore(someLabels());
    const progress: number[] = [];
    expect(await sealPlainLabels(api, key, (_sealed, remaining) => progress.push(remaining))).toEqual({ sealed: 7, remaining: 0 });
    expect(progress).toEqual([4, 1, 0]);
    const values = [...stored.values()];
    // The empty group title has nothing to hide and stays empty; every other label is sealed and opens for its place only.
    expect(values.filter(({ value }) => !isSealedLabel(value)).map(({ value }) => value)).toEqual([""]);
    for (const { spot, value } of values.filter(({ value }) => value !== "")) {
      const plain = someLabels().find((label) => spotKey(label) === spotKey(spot))!.plain;
      expect(await openLabel(key, value, placeOf(spot))).toBe(plain);
    }
    const name = stored.get(spotKey({ backupId: BACKUP, kind: "backup-name", index: 0 }))!.value;
    await expect(openLabel(key, name, { kind: "backup-name", backupId: OTHER })).rejects.toThrow();
    await expect(openLabel(key, name, { kind: "note", backupId: BACKUP })).rejects.toThrow();
  });

  it("stopped halfway, resumed it seals only what is still readable, and a label made readable behind it by starting over", async () => {
    const key = await newKey();
    const { api, stored, set } = labelStore(someLabels());
    api.closeAfter = 1;
    await expect(sealPlainLabels(api, key)).rejects.toThrow(/page closed/);
    expect([...stored.values()].filter(({ value }) => isSealedLabel(value))).toHaveLength(3);
    api.closeAfter = Infinity;
    // Before the pass reaches the end, an undo puts a readable name back on the first backup, behind its cursor.
    const list = api.list.bind(api);
    let listings = 0;
    api.list = async (after) => {
      listings += 1;
      if (listings === 2) set({ backupId: BACKUP, kind: "backup-name", index: 0 }, "Tax return again");
      return list(after);
    };
    expect(await sealPlainLabels(api, key)).toEqual({ sealed: 5, remaining: 0 });
    expect(await openLabel(key, stored.get(spotKey({ backupId: BACKUP, kind: "backup-name", index: 0 }))!.value, { kind: "backup-name", backupId: BACKUP })).toBe("Tax return again");
  });

  it("a refused batch stops the pass with the server's reason; it never says none are left while the server counts some", async () => {
    const key = await newKey();
    const { api } = labelStore(someLabels());
    const write = api.write.bind(api);
    api.write = async (batch) => write(batch.map((label, n) => (n === 0 ? { ...label, replaces: "renamed meanwhile" } : label)));
    await expect(sealPlainLabels(api, key)).rejects.toThrow(/400: .* refused/);
    expect((await api.list(null)).remaining).toBe(7);
    // A server that keeps counting labels it never lists (a lie, or a label written behind the pass each time) ends the pass with its count.
    const stuck: PlainLabelApi = { list: async () => ({ labels: [], remaining: 2 }), write: async () => ({ remaining: 2 }) };
    expect(await sealPlainLabels(stuck, key)).toEqual({ sealed: 0, remaining: 2 });
  });

  it("cuts a page of long labels into requests under the body limit, each label whole and in order", () => {
    const labels = Array.from({ length: 100 }, (_, n) => ({ n, sealed: "A".repeat(22_000) }));
    const batches = batchesWithin(labels, 768 * 1024);
    expect(batches.length).toBe(3);
    expect(batches.flat()).toEqual(labels);
    for (const batch of batches) expect(new TextEncoder().encode(JSON.stringify(batch)).length).toBeLessThan(768 * 1024);
    expect(batchesWithin([{ sealed: "A".repeat(10) }], 5)).toEqual([[{ sealed: "A".repeat(10) }]]);
    expect(batchesWithin([])).toEqual([]);
  });

  it("seals only with the key the account names, and only while it seals titles and addresses", async () => {
    const { stored } = await createBackupKey("correct horse battery staple", MIN_KDF_ITERATIONS);
    const key = await newKey();
    const answer = (sealsTabLocations: boolean, keyId: string | null): FormEncryption => ({ enabled: true, key: stored, setAt: "", changedAt: "", sealsTabLocations, keyId, rotation: null });
    expect(await mayLabelsBeSealedWith(answer(true, null), key)).toBe(true);
    expect(await mayLabelsBeSealedWith(answer(true, await keyIdOf(key)), key)).toBe(true);
    expect(await mayLabelsBeSealedWith(answer(true, await keyIdOf(await newKey())), key)).toBe(false);
    expect(await mayLabelsBeSealedWith(answer(false, null), key)).toBe(false);
    expect(await mayLabelsBeSealedWith(answer(true, null), null)).toBe(false);
    expect(await mayLabelsBeSealedWith({ enabled: false }, key)).toBe(false);
  });

  it("says how many labels the server counts left, and that they are done only at none", () => {
    expect(plainLabelsNotice(3, "sealing")).toBe("Encrypting names, tags, notes, group titles and window names stored before: 3 left.");
    expect(plainLabelsNotice(1, "locked")).toBe(
      "1 name, tag, note, group title or window name stored before titles and addresses were encrypted is still readable. Unlock this browser to encrypt it here.",
    );
    expect(plainLabelsNotice(2, "done")).toMatch(/^2 names, tags, notes, group titles or window names are still readable/);
    expect(plainLabelsNotice(0, "done")).toBe("Names, tags, notes, group titles and window names stored before are encrypted now.");
    expect(plainLabelsNotice(0, "sealing")).toBe("");
  });
});
