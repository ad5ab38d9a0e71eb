import { fileURLToPath } from "node:url";
import { createLogger, loadConfigFromFile } from "vite";
import { describe, expect, it } from "vitest";

const projectRoot = fileURLToPath(new URL("..", import.meta.url));

describe("the Vite and Vitest configs", () => {
  it.each([
    ["vite.config.ts", "client"],
    ["vitest.config.ts", undefined],
  ])("%s loads without a warning, so it is ready for Vite's native config loader", async (file, root) => {
    // Vite warns when the config does what its coming native loader cannot (an import without a file
    // extension, __dirname, …) unless this is set; the test must see the warning if there is one.
    expect(process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING).toBeUndefined();
    const warnings: string[] = [];
    const logger = createLogger("warn");
    logger.warn = (message) => void warnings.push(message);
    logger.warnOnce = (message) => void warnings.push(message);
    const loaded = await loadConfigFromFile({ command: "build", mode: "production" }, file, projectRoot, "warn", logger);
    expect(loaded?.config.root).toBe(root);
    expect(warnings).toEqual([]);
  });
});
