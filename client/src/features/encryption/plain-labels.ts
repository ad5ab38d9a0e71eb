import type { FormEncryption } from "@common/api/encryption";
import { labelsAfter } from "@common/api/encryption-rotation-labels";
import { listPlainLabels, sealPlainLabels } from "@common/api/plain-labels";
import { keyIdOf } from "@common/end-to-end-encryption";
import type { PlainLabelApi } from "@common/plain-label-sealing";
import { call } from "@/lib/api-client";

/**
 * The Account page's sealing of labels stored readable before "Also encrypt titles and addresses" was turned on
 * (decision 246): the calls, whether this browser's key may seal them, and what the page says.
 */

export const plainLabelApi: PlainLabelApi = {
  list: (after) => call(listPlainLabels, { query: labelsAfter(after) }),
  write: (labels) => call(sealPlainLabels, { body: { labels } }),
};

/**
 * Whether `key` may seal the account's labels: the account seals titles and addresses, and the key is the one it
 * names (decision 239; before a first rotation it names none). A key rotated away elsewhere seals nothing.
 */
export async function mayLabelsBeSealedWith(encryption: FormEncryption, key: CryptoKey | null): Promise<boolean> {
  if (!encryption.enabled || !encryption.sealsTabLocations || !key) return false;
  return !encryption.keyId || (await keyIdOf(key)) === encryption.keyId;
}

/** "1 name, tag, note, group title or window name" / "3 names, tags, …": what the page counts. */
export function readableLabels(count: number): string {
  return count === 1 ? "1 name, tag, note, group title or window name" : `${count} names, tags, notes, group titles or window names`;
}

/** What the page says of the readable labels left: the server's count, and whether this browser is sealing them. */
export function plainLabelsNotice(remaining: number, state: "locked" | "sealing" | "stopped" | "done"): string {
  if (remaining === 0) return state === "done" ? "Names, tags, notes, group titles and window names stored before are encrypted now." : "";
  const left = readableLabels(remaining);
  switch (state) {
    case "locked":
      return `${left} stored before titles and addresses were encrypted ${remaining === 1 ? "is" : "are"} still readable. Unlock this browser to encrypt ${remaining === 1 ? "it" : "them"} here.`;
    case "sealing":
      return `Encrypting names, tags, notes, group titles and window names stored before: ${remaining} left.`;
    case "stopped":
    case "done":
      return `${left} ${remaining === 1 ? "is" : "are"} still readable: encrypting ${remaining === 1 ? "it" : "them"} stopped. Nothing was lost.`;
  }
}
