import { readFile } from "node:fs/promises";
import { describe, expect, test } from "vitest";
import { configVariables } from "./config";

// README and .env.example are how operators learn the configuration: every variable must be in both.
describe("configuration documentation", () => {
  test.each(["README.md", ".env.example"])("%s names every environment variable", async (file) => {
    const text = await readFile(file, "utf8");
    const missing = configVariables.map((variable) => variable.name).filter((name) => !text.includes(name));
    expect(missing).toEqual([]);
  });
});
