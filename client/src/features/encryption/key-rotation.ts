import type { FormEncryption } from "@common/api/encryption";
import { finishKeyRotation, listContentsToReseal, resealContents, startKeyRotation } from "@common/api/encryption-rotation";
import { getFormEncryption } from "@common/api/encryption";
import { labelsAfter, listLabelsToReseal, resealLabels } from "@common/api/encryption-rotation-labels";
import { listUndoToReseal, resealUndo } from "@common/api/encryption-rotation-undo";
import { keyIdOf } from "@common/end-to-end-encryption";
import type { RotationApi } from "@common/key-rotation";
import { call } from "@/lib/api-client";

/** The rotation's calls from the Account page (decision 239). */
export const rotationApi: RotationApi = {
  read: () => call(getFormEncryption),
  start: async (body) => void (await call(startKeyRotation, { body })),
  list: (after) => call(listContentsToReseal, { query: { after } }),
  write: async (contents) => void (await call(resealContents, { body: { contents } })),
  listLabels: (after) => call(listLabelsToReseal, { query: labelsAfter(after) }),
  writeLabels: async (labels) => void (await call(resealLabels, { body: { labels } })),
  listUndo: (after) => call(listUndoToReseal, { query: { after } }),
  writeUndo: async (values) => void (await call(resealUndo, { body: values })),
  finish: async () => void (await call(finishKeyRotation)),
};

/**
 * Forgets this browser's key when the account names another one (decision 239): its key was rotated elsewhere, and
 * nothing may be sealed with the old key any more. Answers whether it forgot it; the person then unlocks again.
 */
export async function forgetReplacedKey(encryption: FormEncryption, held: { load(): Promise<CryptoKey | null>; forget(): Promise<void> }): Promise<boolean> {
  if (!encryption.enabled || !encryption.keyId) return false;
  const key = await held.load();
  if (!key || (await keyIdOf(key)) === encryption.keyId) return false;
  await held.forget();
  return true;
}
