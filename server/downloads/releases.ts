import { stat, readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { type DownloadItem, type Platform, platforms } from "@common/api/downloads";

/**
 * A file name that stays inside RELEASES_DIR and fits a Content-Disposition header: no separators,
 * no "..", no hidden files, no characters a header or a URL would mangle.
 */
export const fileNameSchema = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._+() -]*$/, "must be a plain file name (letters, digits, . _ + ( ) - and spaces; no slashes; not starting with a dot)");

const releaseSchema = z.object({
  version: z.string().min(1).max(50),
  fileName: fileNameSchema,
  description: z.string().max(500),
  requirements: z.array(z.string().max(200)).max(20),
});
export type Release = z.infer<typeof releaseSchema>;

export interface Manifest {
  releases: Partial<Record<Platform, Release>>;
  /** Why all or part of the manifest was ignored, for the operator; null when it was read whole or is absent. */
  problem: string | null;
}

/**
 * RELEASES_DIR/manifest.json as published by an operator. Read on every call (it is small), so a
 * new release is served without a restart. A missing manifest means nothing is published; one that
 * cannot be read or parsed offers nothing, and a platform whose entry is invalid is left out: a
 * mistake in the file takes downloads away, it never turns them into errors.
 */
export async function readManifest(releasesDir: string): Promise<Manifest> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(join(releasesDir, "manifest.json"), "utf8"));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { releases: {}, problem: null };
    const why = error instanceof SyntaxError ? `is not valid JSON (${error.message})` : `cannot be read (${code ?? String(error)})`;
    return { releases: {}, problem: `RELEASES_DIR/manifest.json ${why}` };
  }
  if (json === null || typeof json !== "object" || Array.isArray(json)) {
    return { releases: {}, problem: "RELEASES_DIR/manifest.json is not a JSON object" };
  }
  const releases: Partial<Record<Platform, Release>> = {};
  const invalid: string[] = [];
  for (const platform of platforms) {
    const entry = (json as Record<string, unknown>)[platform];
    if (entry === undefined) continue;
    const parsed = releaseSchema.safeParse(entry);
    if (parsed.success) releases[platform] = parsed.data;
    else invalid.push(`${platform}: ${parsed.error.issues.map((issue) => `${issue.path.join(".") || "entry"} ${issue.message}`).join("; ")}`);
  }
  return { releases, problem: invalid.length > 0 ? `RELEASES_DIR/manifest.json has invalid entries, left out (${invalid.join(" | ")})` : null };
}

export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A platform's published file and its size, or null when it is not published or its file is missing. */
export async function releaseFile(releasesDir: string, manifest: Manifest, platform: Platform): Promise<{ release: Release; size: number } | null> {
  const release = manifest.releases[platform];
  if (!release) return null;
  try {
    const info = await stat(join(releasesDir, release.fileName));
    return info.isFile() ? { release, size: info.size } : null;
  } catch {
    return null;
  }
}

export async function downloadItems(releasesDir: string, manifest: Manifest): Promise<DownloadItem[]> {
  const items: DownloadItem[] = [];
  for (const platform of platforms) {
    const release = manifest.releases[platform];
    if (!release) continue;
    const file = await releaseFile(releasesDir, manifest, platform);
    items.push({
      platform,
      version: release.version,
      size: file ? formatSize(file.size) : null,
      sizeBytes: file?.size ?? null,
      description: release.description,
      requirements: release.requirements,
      filename: release.fileName,
      available: file !== null,
    });
  }
  return items;
}
