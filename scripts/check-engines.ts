/**
 * Every installed package whose `engines.node` leaves out a Node.js version this project says it runs on:
 * the oldest one package.json's own `engines.node` admits, and the one running now. npm only warns about such
 * a package (EBADENGINE) and installs it anyway, so without this check the declared range and the tree drift
 * apart unnoticed. Run by `npm test` (check-engines.test.ts) and on its own with
 * `node --import tsx scripts/check-engines.ts`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import semver from "semver";

export interface EngineMismatch {
  /** Where it is installed, relative to the project, e.g. `node_modules/@fastify/static/node_modules/cookie`. */
  path: string;
  name: string;
  version: string;
  requires: string;
  /** The Node.js versions of ours it leaves out. */
  excludes: string[];
}

interface PackageJson {
  name?: string;
  version?: string;
  engines?: { node?: string };
}

function readPackageJson(directory: string): PackageJson | undefined {
  try {
    return JSON.parse(readFileSync(join(directory, "package.json"), "utf8")) as PackageJson;
  } catch {
    return undefined;
  }
}

/** Package directories under a node_modules folder, scoped ones included, nested node_modules too. */
function* installedPackages(nodeModules: string): Generator<string> {
  let entries;
  try {
    entries = readdirSync(nodeModules, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith(".")) continue;
    const directory = join(nodeModules, entry.name);
    if (entry.name.startsWith("@")) {
      for (const scoped of readdirSync(directory, { withFileTypes: true })) {
        if (scoped.isDirectory()) yield* packageAndNested(join(directory, scoped.name));
      }
    } else {
      yield* packageAndNested(directory);
    }
  }
}

function* packageAndNested(directory: string): Generator<string> {
  yield directory;
  yield* installedPackages(join(directory, "node_modules"));
}

/**
 * The Node.js versions the project at `root` must run on: the lowest its `engines.node` admits, and
 * `currentVersion` when that is in the range too.
 */
export function supportedNodeVersions(root: string, currentVersion: string): string[] {
  const declared = readPackageJson(root)?.engines?.node;
  if (!declared) throw new Error(`${join(root, "package.json")} declares no engines.node`);
  const oldest = semver.minVersion(declared);
  if (!oldest) throw new Error(`engines.node "${declared}" admits no version`);
  const versions = [oldest.version];
  const current = semver.clean(currentVersion);
  if (current && current !== oldest.version && semver.satisfies(current, declared)) versions.push(current);
  return versions;
}

/** Installed packages under `root/node_modules` that declare an engines.node leaving out one of `nodeVersions`. */
export function engineMismatches(root: string, nodeVersions: string[]): EngineMismatch[] {
  const mismatches: EngineMismatch[] = [];
  for (const directory of installedPackages(join(root, "node_modules"))) {
    const pkg = readPackageJson(directory);
    const requires = pkg?.engines?.node;
    if (!pkg?.name || !requires) continue;
    // An unparseable range is npm's to ignore too; only a real range can exclude a version.
    if (semver.validRange(requires) === null) continue;
    const excludes = nodeVersions.filter((version) => !semver.satisfies(version, requires, { includePrerelease: true }));
    if (excludes.length > 0) {
      mismatches.push({ path: relative(root, directory), name: pkg.name, version: pkg.version ?? "?", requires, excludes });
    }
  }
  return mismatches.sort((a, b) => a.path.localeCompare(b.path));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const versions = supportedNodeVersions(root, process.version);
  const mismatches = engineMismatches(root, versions);
  if (mismatches.length === 0) {
    console.log(`Every installed package runs on Node.js ${versions.join(" and ")}.`);
  } else {
    for (const { path, version, requires, excludes } of mismatches) {
      console.error(`${path}@${version} requires node ${requires}: not ${excludes.join(", ")}`);
    }
    process.exitCode = 1;
  }
}
