import { fileURLToPath } from "node:url";
import { loadConfigFromFile } from "vite";
import { describe, expect, it } from "vitest";
import { WEB_APP_BROWSERS, WEB_APP_BUILD_TARGETS } from "@common/browser-support";
import { supportedBrowsers } from "./documentation";

describe("/documentation's supported browsers (C126)", () => {
  it("lists for the web app exactly the browsers the build targets", async () => {
    const configFile = fileURLToPath(new URL("../../../../../vite.config.ts", import.meta.url));
    const loaded = await loadConfigFromFile({ command: "build", mode: "production" }, configFile);
    expect(loaded?.config.build?.target).toEqual(WEB_APP_BUILD_TARGETS);
    expect(WEB_APP_BUILD_TARGETS).toEqual(["chrome111", "edge111", "firefox114", "safari16.4", "ios16.4"]);
    const webApp = supportedBrowsers.find((group) => group.heading === "Web app runs in");
    expect(webApp?.browsers).toEqual(WEB_APP_BROWSERS.map((browser) => browser.label));
  });
});
