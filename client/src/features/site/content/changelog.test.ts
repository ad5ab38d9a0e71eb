import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { releases } from "./changelog";

const packageVersion = (JSON.parse(readFileSync(new URL("../../../../../package.json", import.meta.url), "utf8")) as { version: string }).version;

describe("/changelog's releases (issue 16 point 5)", () => {
  it("begin with the version package.json gives the web app and the extension's manifest", () => {
    expect(releases[0]?.version).toBe(packageVersion);
  });

  it("tell no native-app history: no Android or Windows app was released", () => {
    const text = JSON.stringify(releases);
    expect(text).not.toMatch(/Android app|Windows app|TabVault for Windows|accessibility service|Samsung Internet/i);
  });
});
