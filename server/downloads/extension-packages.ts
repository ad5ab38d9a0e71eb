import { createHash } from "node:crypto";
import type { Dirent } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { type Zippable, zipSync } from "fflate";
import { z } from "zod";
import { type ExtensionPackage, type ExtensionTarget, extensionInstallSteps, extensionTargetNames, signedFirefoxInstallSteps } from "@common/api/extension-packages";
import { formatSize } from "./releases";

/** Where WXT writes each target's build inside the extension directory (extension/wxt.config.ts). */
export const extensionBuildDirs: Record<ExtensionTarget, string> = { chromium: "chrome-mv3", firefox: "firefox-mv3" };

const packageExtensions: Record<ExtensionTarget, string> = { chromium: "zip", firefox: "xpi" };

/** A build this large is not an extension build; refusing it keeps a wrong directory from filling memory. */
const maxBuildBytes = 64 * 1024 * 1024;

/**
 * The version goes into the package's file name and its Content-Disposition header, so it must be
 * plain: Chrome's dotted numbers, or Firefox's with a pre-release suffix.
 */
const manifestSchema = z.looseObject({
  version: z.string().regex(/^[0-9][0-9A-Za-z.+-]{0,49}$/, "must be a plain version such as 1.2.0"),
  host_permissions: z.array(z.string()).optional(),
});

export interface BuiltPackage {
  target: ExtensionTarget;
  version: string;
  fileName: string;
  bytes: Uint8Array;
  /** A package Mozilla signed, published in RELEASES_DIR (signed-extension.ts); false for this server's own build. */
  signed: boolean;
}

/** A package to serve, or why there is none: `problem` is for the operator (null when simply not built). */
export type PackageOutcome = { built: BuiltPackage } | { built: null; problem: string | null };

interface BuildFile {
  /** Relative, with "/" separators, as it goes into the zip. */
  path: string;
  absolute: string;
  size: number;
  mtime: Date;
}

/**
 * Zips the built extension for download, set up for this server: `server-config.json` names it and
 * the manifest's host permissions include it, so the installed extension talks to the server it came
 * from. The build directory is read when asked, so a fresh build is offered without a restart; the
 * zip is kept only while the files it was made from are unchanged (derived bytes, never state).
 */
export function createExtensionPackager(options: { extensionDir: string | undefined; publicUrl: string }) {
  const cache = new Map<ExtensionTarget, { fingerprint: string; outcome: Promise<PackageOutcome> }>();

  async function packageFor(target: ExtensionTarget): Promise<PackageOutcome> {
    if (!options.extensionDir) return { built: null, problem: null };
    const directory = join(options.extensionDir, extensionBuildDirs[target]);
    let files: BuildFile[];
    try {
      files = await listFiles(directory);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") return { built: null, problem: null };
      return { built: null, problem: `The ${target} extension build in ${directory} cannot be read (${code ?? String(error)})` };
    }
    if (!files.some((file) => file.path === "manifest.json")) return { built: null, problem: null };
    const total = files.reduce((sum, file) => sum + file.size, 0);
    if (total > maxBuildBytes) return { built: null, problem: `The ${target} extension build in ${directory} holds ${formatSize(total)}, more than an extension build can be` };

    const fingerprint = createHash("sha256")
      .update(options.publicUrl)
      .update(JSON.stringify(files.map((file) => [file.path, file.size, file.mtime.getTime()])))
      .digest("base64url");
    const cached = cache.get(target);
    if (cached?.fingerprint === fingerprint) return cached.outcome;
    const outcome = zipBuild(target, directory, files, options.publicUrl).catch(
      (error: unknown): PackageOutcome => ({ built: null, problem: `The ${target} extension build in ${directory} could not be packaged (${String(error)})` }),
    );
    cache.set(target, { fingerprint, outcome });
    return outcome;
  }

  return { packageFor };
}

async function listFiles(root: string, prefix = ""): Promise<BuildFile[]> {
  const entries: Dirent[] = await readdir(join(root, prefix), { withFileTypes: true });
  const files: BuildFile[] = [];
  for (const entry of entries.sort((first, second) => first.name.localeCompare(second.name))) {
    // Hidden files (editor and OS droppings, .vite caches) are never part of an extension.
    if (entry.name.startsWith(".")) continue;
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await listFiles(root, path)));
    else if (entry.isFile()) {
      const absolute = join(root, path);
      const info = await stat(absolute);
      files.push({ path, absolute, size: info.size, mtime: info.mtime });
    }
  }
  return files;
}

/** `scheme://host/*`: Firefox refuses a port in a match pattern, and Chromium matches every port without one. */
export function hostPermissionFor(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol}//${url.hostname}/*`;
}

async function zipBuild(target: ExtensionTarget, directory: string, files: BuildFile[], publicUrl: string): Promise<PackageOutcome> {
  const manifestFile = files.find((file) => file.path === "manifest.json");
  if (!manifestFile) return { built: null, problem: null };
  let manifestJson: unknown;
  try {
    manifestJson = JSON.parse(await readFile(manifestFile.absolute, "utf8"));
  } catch (error) {
    return { built: null, problem: `The ${target} extension build's manifest.json in ${directory} is not valid JSON (${String(error)})` };
  }
  const manifest = manifestSchema.safeParse(manifestJson);
  if (!manifest.success) {
    const issues = manifest.error.issues.map((issue) => `${issue.path.join(".") || "manifest"} ${issue.message}`).join("; ");
    return { built: null, problem: `The ${target} extension build's manifest.json in ${directory} is not usable (${issues})` };
  }

  const permission = hostPermissionFor(publicUrl);
  const hostPermissions = manifest.data.host_permissions ?? [];
  const served = { ...manifest.data, host_permissions: hostPermissions.includes(permission) ? hostPermissions : [...hostPermissions, permission] };
  const encoder = new TextEncoder();
  const entries: Zippable = {};
  for (const file of files) {
    // Zip dates start in 1980; a build tool that zeroes mtimes would otherwise make fflate throw.
    const mtime = file.mtime.getFullYear() < 1980 ? new Date(1980, 0, 1) : file.mtime;
    if (file.path === "manifest.json") entries[file.path] = [encoder.encode(`${JSON.stringify(served, null, 2)}\n`), { mtime }];
    else if (file.path !== "server-config.json") entries[file.path] = [new Uint8Array(await readFile(file.absolute)), { mtime }];
  }
  entries["server-config.json"] = [encoder.encode(`${JSON.stringify({ serverUrl: publicUrl }, null, 2)}\n`), { mtime: manifestFile.mtime }];

  const version = manifest.data.version;
  return {
    built: {
      target,
      version,
      fileName: `tabvault-${target}-${version}.${packageExtensions[target]}`,
      bytes: zipSync(entries, { level: 9 }),
      signed: false,
    },
  };
}

/** The list entry for a target: what is there to download, and how to install it. */
export function describePackage(target: ExtensionTarget, outcome: PackageOutcome): ExtensionPackage {
  const built = outcome.built;
  return {
    target,
    name: extensionTargetNames[target],
    version: built?.version ?? null,
    fileName: built?.fileName ?? null,
    size: built ? formatSize(built.bytes.length) : null,
    sizeBytes: built?.bytes.length ?? null,
    available: built !== null,
    signed: built?.signed ?? false,
    installSteps: [...(built?.signed ? signedFirefoxInstallSteps : extensionInstallSteps[target])],
  };
}
