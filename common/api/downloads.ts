import { z } from "zod";
import { emailAddressSchema } from "./accounts";
import { defineEndpoint } from "./endpoint";
import { errorResponseSchema } from "./errors";
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

/** Signed links work this long. */
export const DOWNLOAD_LINK_HOURS = 24;

const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 410: errorResponseSchema, 429: errorResponseSchema };

/** GET /api/downloads/available: the releases, and whether `email` (or the signed-in account) may download. */
export const listAvailableDownloads = defineEndpoint({
  method: "GET",
  path: "/api/downloads/available",
  query: availableDownloadsQuerySchema,
  responses: { 200: availableDownloadsSchema, ...errors },
});

/** POST /api/generate-download: a signed link to the platform's release, for a verified address. */
export const generateDownloadLink = defineEndpoint({
  method: "POST",
  path: "/api/generate-download",
  body: generateDownloadRequestSchema,
  responses: { 200: generateDownloadResponseSchema, ...errors },
});

/** GET /download/file/:platform/:fileName: the file a signed link names, with Range and ETag. */
export const downloadReleaseFile = defineEndpoint({
  method: "GET",
  path: "/download/file/:platform/:fileName",
  params: downloadFileParamsSchema,
  query: downloadFileQuerySchema,
  responses: errors,
  answers: "file",
});

/** GET /api/apk-info: the size of the newest APK. */
export const getApkInfo = defineEndpoint({
  method: "GET",
  path: "/api/apk-info",
  responses: { 200: apkInfoSchema, ...errors },
});

/** GET /download/android-apk: the newest APK, no link needed (the Android page's button). */
export const downloadAndroidApk = defineEndpoint({
  method: "GET",
  path: "/download/android-apk",
  responses: errors,
  answers: "file",
});
