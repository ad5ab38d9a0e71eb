import { describe, expect, it } from "vitest";
import { forgetKeptInvitation, type InvitationStorage, keepInvitationDuringSignIn, keptInvitation } from "./invitation-handoff";

function memoryStorage(): InvitationStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe("the invitation kept while its person signs in", () => {
  const expiresAt = "2026-12-01T10:00:00.000Z";

  it("is given back until the invitation expires, then dropped", () => {
    const storage = memoryStorage();
    keepInvitationDuringSignIn("tok_en-1", expiresAt, storage);
    expect(keptInvitation(Date.parse(expiresAt) - 1, storage)).toBe("tok_en-1");
    expect(keptInvitation(Date.parse(expiresAt), storage)).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it("is forgotten once used, and a hostile or broken stored value gives nothing", () => {
    const storage = memoryStorage();
    keepInvitationDuringSignIn("tok", expiresAt, storage);
    forgetKeptInvitation(storage);
    expect(keptInvitation(0, storage)).toBeNull();
    for (const stored of ["not json", "null", '{"token":1,"expiresAt":9e15}', '{"token":"x"}', '["x", 1]']) {
      storage.setItem("tabvault_team_invitation", stored);
      expect(keptInvitation(0, storage), stored).toBeNull();
      expect(storage.items.size).toBe(0);
    }
  });
});
