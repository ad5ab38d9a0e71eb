import { stat, readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { z } from "zod";
import { type DownloadItem, type Platform, platforms } from "@common/api/downloads";

/** A file name that stays inside RELEASES_DIR: no separators, no "..", no hidden files. */
const fileNameSchema = z
  .string()
  .min(1)
  .max(200)
  .refine((name) => basename(name) === name && !name.startsWith(".") && !/[\\/]/.test(name) && !name.includes("\0"), "must be a plain file name");

const releaseSchema = z.object({
  version: z.string().min(1).max(50),
  fileName: fileNameSchema,
  description: z.string().max(500),
  requirements: z.array(z.string().max(200)).max(20),
});
const manifestSchema = z.object(Object.fromEntries(platforms.map((platform) => [platform, releaseSchema.optional()])) as Record<Platform, z.ZodOptional<typeof releaseSchema>>);
export type Release = z.infer<typeof releaseSchema>;

export class ManifestError extends Error {
  override name = "ManifestError";
}

/**
 * RELEASES_DIR/manifest.json as published by an operator. Read on every call (it is small), so a
 * new release is served without a restart. A missing manifest means nothing is published.
 */
export async function readManifest(releasesDir: string): Promise<Partial<Record<Platform, Release>>> {
  let text: string;
  try {
    text = await readFile(join(releasesDir, "manifest.json"), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw error;
  }
  const parsed = manifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new ManifestError(`RELEASES_DIR/manifest.json is invalid: ${parsed.error.message}`);
  return parsed.data;
}

export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A platform's published file and its size, or null when it is not published or its file is missing. */
export async function releaseFile(releasesDir: string, platform: Platform): Promise<{ release: Release; size: number } | null> {
  const release = (await readManifest(releasesDir))[platform];
  if (!release) return null;
  try {
    const info = await stat(join(releasesDir, release.fileName));
    return info.isFile() ? { release, size: info.size } : null;
  } catch {
    return null;
  }
}

export async function downloadItems(releasesDir: string): Promise<DownloadItem[]> {
  const manifest = await readManifest(releasesDir);
  const items: DownloadItem[] = [];
  for (const platform of platforms) {
    const release = manifest[platform];
    if (!release) continue;
    const file = await releaseFile(releasesDir, platform);
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
