import type { FastifyInstance } from "fastify";
import type { FormEncryption } from "@common/api/encryption";
import { labelsAfter } from "@common/api/encryption-rotation-labels";
import type { RotationApi, SealedContent, SealedLabelAt } from "@common/key-rotation";

/**
 * A key rotation's calls (decision 239) through `app.inject` as the signed-in browser `asBrowser`: `failWriteAfter`
 * makes the page "close" after that many writes, `limit` is each listing's batch.
 */
export function injectedRotationApi(app: FastifyInstance, asBrowser: object, failWriteAfter = Infinity, limit = 2): RotationApi & { writes: number } {
  const call = async (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) => {
    const response = await app.inject({ method, url, ...(payload ? { payload } : {}), ...asBrowser });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const written = async (url: string, payload: object) => {
    if (api.writes >= failWriteAfter) throw new Error("the page closed");
    api.writes += 1;
    await call("PUT", url, payload);
  };
  const api = {
    writes: 0,
    read: async () => (await call("GET", "/api/account/encryption")) as FormEncryption,
    start: async (body: object) => void (await call("POST", "/api/account/encryption/rotation", body)),
    list: async (after: number) => (await call("GET", `/api/account/encryption/rotation/contents?after=${after}&limit=${limit}`)) as { contents: SealedContent[]; remaining: number },
    write: (contents: object[]) => written("/api/account/encryption/rotation/contents", { contents }),
    listLabels: async (after: Omit<SealedLabelAt, "sealed"> | null) => {
      const query = new URLSearchParams(Object.entries({ ...labelsAfter(after), limit }).map(([name, value]) => [name, String(value)]));
      return (await call("GET", `/api/account/encryption/rotation/labels?${query}`)) as { labels: SealedLabelAt[]; remaining: number };
    },
    writeLabels: (labels: object[]) => written("/api/account/encryption/rotation/labels", { labels }),
    listUndo: async (after: number) => (await call("GET", `/api/account/encryption/rotation/undo?after=${after}&limit=${limit}`)) as Awaited<ReturnType<RotationApi["listUndo"]>>,
    writeUndo: (values: object) => written("/api/account/encryption/rotation/undo", values),
    finish: async () => void (await call("DELETE", "/api/account/encryption/rotation")),
  };
  return api;
}
