import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "../../test/fake-browser";
import { type Harness, settle, start, stop } from "../../test/background-harness";

let harness: Harness;

afterEach(() => stop(harness));

describe.each(["chromium", "firefox"] as const)("the background on %s", (shape) => {
  beforeEach(async () => {
    harness = await start(shape);
    // Past the start-up check of a new browser session.
    await settle(harness, 6_000);
  });

  it("registers the bridge for the server's pages, and form capture only with permission", async () => {
    const h = harness;
    expect(h.world.scripts.map((script) => [script.id, script.matches])).toEqual([["tabvault-bridge", ["http://localhost/*"]]]);
    await fakeBrowser.storage.local.set({ formCapture: true });
    await h.send({ kind: "settings-changed" });
    expect(h.world.scripts.map((script) => script.id)).toEqual(["tabvault-bridge"]);
    h.world.grantedOrigins.add("<all_urls>");
    await h.send({ kind: "settings-changed" });
    expect(h.world.scripts.map((script) => script.id)).toEqual(["tabvault-bridge", "tabvault-form-capture"]);
  });
});
