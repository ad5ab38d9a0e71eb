import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { engineMismatches, supportedNodeVersions } from "./check-engines";

const projectRoot = fileURLToPath(new URL("..", import.meta.url));

describe("installed packages run on the Node.js versions package.json declares", () => {
  const fixture = mkdtempSync(join(tmpdir(), "tabvault-engines-"));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  function writePackage(path: string, contents: object) {
    mkdirSync(join(fixture, path), { recursive: true });
    writeFileSync(join(fixture, path, "package.json"), JSON.stringify(contents));
  }

  it("finds a package, scoped or nested, whose engines.node leaves out a supported version", () => {
    writePackage(".", { name: "app", engines: { node: ">=20.19" } });
    writePackage("node_modules/fine", { name: "fine", version: "1.0.0", engines: { node: ">=18" } });
    writePackage("node_modules/no-engines", { name: "no-engines", version: "1.0.0" });
    writePackage("node_modules/@scope/too-new", { name: "@scope/too-new", version: "3.0.0", engines: { node: ">=22" } });
    writePackage("node_modules/fine/node_modules/nested", { name: "nested", version: "2.0.0", engines: { node: ">=22.13.0" } });
    writePackage("node_modules/.bin", { name: "not-a-package", engines: { node: ">=99" } });

    const versions = supportedNodeVersions(fixture, "v20.20.2");
    expect(versions).toEqual(["20.19.0", "20.20.2"]);
    expect(engineMismatches(fixture, versions)).toEqual([
      { path: "node_modules/@scope/too-new", name: "@scope/too-new", version: "3.0.0", requires: ">=22", excludes: ["20.19.0", "20.20.2"] },
      { path: "node_modules/fine/node_modules/nested", name: "nested", version: "2.0.0", requires: ">=22.13.0", excludes: ["20.19.0", "20.20.2"] },
    ]);
  });

  it("checks the oldest declared version even when a newer Node.js runs the check", () => {
    expect(supportedNodeVersions(fixture, "v24.1.0")).toEqual(["20.19.0", "24.1.0"]);
  });

  it("this project's installed tree agrees with its engines.node", () => {
    const versions = supportedNodeVersions(projectRoot, process.version);
    expect(engineMismatches(projectRoot, versions)).toEqual([]);
  });
});
