import { expect, it } from "vitest";
import { fakeBrowser } from "../../test/fake-browser";
import { current, eachDesktopBrowser, stopAfterEach } from "../../test/background-harness";

stopAfterEach();

eachDesktopBrowser("the background on %s", () => {

  it("registers the bridge for the server's pages, and form capture only with permission", async () => {
    const h = current();
    expect(h.world.scripts.map((script) => [script.id, script.matches])).toEqual([["tabvault-bridge", ["http://localhost/*"]]]);
    await fakeBrowser.storage.local.set({ formCapture: true });
    await h.send({ kind: "settings-changed" });
    expect(h.world.scripts.map((script) => script.id)).toEqual(["tabvault-bridge"]);
    h.world.grantedOrigins.add("<all_urls>");
    await h.send({ kind: "settings-changed" });
    expect(h.world.scripts.map((script) => script.id)).toEqual(["tabvault-bridge", "tabvault-form-capture"]);
  });
});
