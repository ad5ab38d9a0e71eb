import { z } from "zod";
import { emailAddressSchema } from "./accounts";
import { EPOCH_MILLISECONDS_MAX } from "./integers";
import { text } from "./text";

export const platforms = ["windows", "android"] as const;
export type Platform = (typeof platforms)[number];

export const platformNames: Record<Platform, string> = { windows: "Windows", android: "Android" };

/** spec 1 §3 "Download item", plus whether the release file is there. */
export const downloadItemSchema = z.object({
  platform: z.enum(platforms),
  version: z.string(),
  /** For people, e.g. "8.0 MB"; null when the file is missing. */
  size: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  description: z.string(),
  requirements: z.array(z.string()),
  filename: z.string(),
  available: z.boolean(),
});
export type DownloadItem = z.infer<typeof downloadItemSchema>;

export const availableDownloadsQuerySchema = z.object({ email: emailAddressSchema.optional() });
export const availableDownloadsSchema = z.object({
  downloads: z.array(downloadItemSchema),
  /** Whether the email (or the signed-in account) may download now: a verified address. */
  canDownload: z.boolean(),
});
export type AvailableDownloads = z.infer<typeof availableDownloadsSchema>;

export const generateDownloadRequestSchema = z.strictObject({
  platform: z.enum(platforms, { message: "platform must be windows or android" }),
  email: emailAddressSchema,
  version: text().max(50).optional(),
});

export const generateDownloadResponseSchema = z.object({
  downloadUrl: z.string(),
  message: z.string(),
  platform: z.enum(platforms),
});
export type GenerateDownloadResponse = z.infer<typeof generateDownloadResponseSchema>;

/** A signed link: `/download/file/{platform}/{fileName}?email=&expires=&signature=`. */
export const downloadFileParamsSchema = z.object({
  platform: z.enum(platforms, { message: "Unknown platform" }),
  fileName: text().min(1).max(200),
});
export const downloadFileQuerySchema = z.object({
  email: emailAddressSchema,
  /** Unix seconds. */
  expires: z.coerce.number().int().positive().max(EPOCH_MILLISECONDS_MAX / 1000),
  signature: text().min(1).max(100),
});

export const apkInfoSchema = z.object({ size: z.number().int() });

/** Signed links work this long (spec 1 §9). */
export const DOWNLOAD_LINK_HOURS = 24;
export const ANDROID_APK_PATH = "/download/android-apk";
