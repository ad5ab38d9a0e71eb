import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { errorResponseSchema } from "./errors";
import { BACKUP_LIMITS } from "./payload-limits";
import { plainOrSealed } from "./sealed-labels";
import { oneLineText, text } from "./text";

/**
 * The library's search and organising (points 1 and 2): search every backup's tabs by
 * title and URL (decision 152); rename, tag, note and pin a backup (decisions 153, 154); merge backups and
 * remove duplicate tabs (decisions 155, 156); undo the last of these (decision 157).
 */

export const ORGANISE_LIMITS = {
  /** Characters of a search: a word of three letters is the least a trigram index can look up. */
  searchMin: 3,
  searchMax: 200,
  /** Results on one page of a search. */
  pageSize: 20,
  /** Pages of a search one may ask for: past 50 × 20 results, a narrower search finds it sooner. */
  pages: 50,
  tagLength: 32,
  tagsPerBackup: 20,
  noteLength: 2000,
  /** Backups one merge or one clean-up may take. */
  backupsPerAction: 20,
  /** Tabs the backups of one merge or clean-up may hold together: a merge makes one backup of them. */
  tabsPerAction: 5000,
  /**
   * Tabs one merged backup may hold: two of the largest uploads. The Session Manager reads such a backup a
   * page at a time (decision 165), so a 10,000-tab backup opens as fast as a small one.
   */
  mergedTabs: 10_000,
} as const;

const backupIdSchema = z.uuid({ message: "Not a backup id" });

/** A plain tag as kept: trimmed, lower-case, letters, digits, spaces, `-` and `_`. */
export const plainTagSchema = text()
  .trim()
  .toLowerCase()
  .min(1, "A tag has at least one character")
  .max(ORGANISE_LIMITS.tagLength, `A tag has at most ${ORGANISE_LIMITS.tagLength} characters`)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} _-]*$/u, "A tag holds letters, digits, spaces, - and _");

/** A tag as kept: plain as {@link plainTagSchema}, or sealed in the browser as it was typed (decision 237). */
export const tagSchema = plainOrSealed(plainTagSchema, ORGANISE_LIMITS.tagLength, "tag");

const backupNameSchema = plainOrSealed(
  text().trim().pipe(oneLineText().min(1, "A backup's name has at least one character").max(BACKUP_LIMITS.backupNameLength)),
  BACKUP_LIMITS.backupNameLength,
  "name",
);

export const searchQuerySchema = z.object({
  q: text()
    .trim()
    .min(ORGANISE_LIMITS.searchMin, `Search for at least ${ORGANISE_LIMITS.searchMin} characters`)
    .max(ORGANISE_LIMITS.searchMax, `A search has at most ${ORGANISE_LIMITS.searchMax} characters`)
    .refine((q) => q.split(/\s+/).some((word) => word.length >= ORGANISE_LIMITS.searchMin), `Search for a word of at least ${ORGANISE_LIMITS.searchMin} characters`),
  page: z.coerce.number({ message: "page is a number" }).int().min(1).max(ORGANISE_LIMITS.pages).default(1),
});

export const searchHitSchema = z.object({
  backupId: z.string(),
  sessionName: z.string(),
  backupCreatedAt: z.string(),
  pinned: z.boolean(),
  /** The tab's place in its backup (0 first). */
  position: z.number().int(),
  url: z.string(),
  title: z.string(),
  faviconUrl: z.string().nullable(),
  /** How well the tab matches, 0 to 1 (pg_trgm's word similarity of the search to its title or URL). */
  score: z.number(),
});

export const searchResultSchema = z.object({
  query: z.string(),
  page: z.number().int(),
  hits: z.array(searchHitSchema),
  hasMore: z.boolean(),
  /** Tabs whose title and address are sealed (decision 199): search cannot read them, and the page says so. */
  encryptedTabsNotSearched: z.number().int().default(0),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** What an organise action answers: what it did, and that one Undo puts it back. */
export const organiseReceiptSchema = z.object({
  message: z.string(),
  /** The backup the action made or changed, to select. */
  backupId: z.string().nullable(),
  /** The Undo button's words; null when the action changed nothing. */
  undo: z.string().nullable(),
});
export type OrganiseReceipt = z.infer<typeof organiseReceiptSchema>;

export const organiseBackupSchema = z
  .strictObject({
    /** Plain, or sealed for this backup when the account seals titles and addresses (decision 237); so are the note and tags. */
    sessionName: backupNameSchema.optional(),
    /** The note; an empty one removes it. */
    note: plainOrSealed(text().trim().max(ORGANISE_LIMITS.noteLength, `A note has at most ${ORGANISE_LIMITS.noteLength} characters`), ORGANISE_LIMITS.noteLength, "note").optional(),
    pinned: z.boolean().optional(),
    addTags: z.array(tagSchema).max(ORGANISE_LIMITS.tagsPerBackup).optional(),
    removeTags: z.array(tagSchema).max(ORGANISE_LIMITS.tagsPerBackup).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: "Say what to change" });
export type OrganiseBackupRequest = z.input<typeof organiseBackupSchema>;

const selectionSchema = z
  .array(backupIdSchema)
  .max(ORGANISE_LIMITS.backupsPerAction, `At most ${ORGANISE_LIMITS.backupsPerAction} backups at once`)
  .refine((ids) => new Set(ids).size === ids.length, { message: "A backup is named twice" });

export const mergeRequestSchema = z.strictObject({
  backupIds: selectionSchema.min(2, "Choose at least two backups to merge"),
  sessionName: text().trim().pipe(oneLineText().min(1).max(BACKUP_LIMITS.backupNameLength)).optional(),
});

export const dedupeRequestSchema = z.strictObject({
  backupIds: selectionSchema.min(1, "Choose at least one backup"),
});

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** GET (signed in): the account's tabs whose title or URL holds every word searched, best and newest first. */
export const searchLibrary = defineEndpoint({
  method: "GET",
  path: "/api/library/search",
  query: searchQuerySchema,
  responses: { 200: searchResultSchema, ...errors },
});

/** PATCH (signed in): rename, note, pin, tag or untag one backup. 403 past the plan's pinned backups. */
export const organiseBackup = defineEndpoint({
  method: "PATCH",
  path: "/api/library/backups/:id",
  params: z.object({ id: backupIdSchema }),
  body: organiseBackupSchema,
  responses: { 200: organiseReceiptSchema, 429: errorResponseSchema, ...errors },
});

/** POST (signed in): two or more backups become one (a manual save); the originals go. */
export const mergeBackups = defineEndpoint({
  method: "POST",
  path: "/api/library/merges",
  body: mergeRequestSchema,
  responses: { 201: organiseReceiptSchema, 429: errorResponseSchema, ...errors },
});

/** POST (signed in): duplicate tabs (same URL) go, within each chosen backup and across them. */
export const dedupeBackups = defineEndpoint({
  method: "POST",
  path: "/api/library/dedupe",
  body: dedupeRequestSchema,
  responses: { 200: organiseReceiptSchema, 429: errorResponseSchema, ...errors },
});

/** POST (signed in): puts back what the last organise action changed; 404 when there is nothing to undo. */
export const undoLastChange = defineEndpoint({
  method: "POST",
  path: "/api/library/undo",
  responses: { 200: organiseReceiptSchema, 409: errorResponseSchema, 429: errorResponseSchema, ...errors },
});
