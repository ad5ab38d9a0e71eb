CREATE TABLE "backup_tab_lists" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"content_ids" bigint[] NOT NULL,
	"window_positions" integer[],
	"active" boolean[] NOT NULL,
	"pinned" boolean[],
	"group_ids" bigint[],
	"last_accessed" timestamp with time zone[],
	CONSTRAINT "backup_tab_lists_contents_named" CHECK (array_position("backup_tab_lists"."content_ids", null) is null)
);
--> statement-breakpoint
CREATE TABLE "tab_contents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tab_contents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"content_hash" "bytea" NOT NULL,
	"url" text NOT NULL,
	"title" text NOT NULL,
	"favicon_url" text,
	"sealed_location" text,
	"form_data" jsonb NOT NULL,
	"scroll_x" integer NOT NULL,
	"scroll_y" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	CONSTRAINT "tab_contents_sealed_location_alone" CHECK ("tab_contents"."sealed_location" is null or ("tab_contents"."url" = '' and "tab_contents"."title" = '' and "tab_contents"."favicon_url" is null))
);
--> statement-breakpoint
ALTER TABLE "backup_tab_lists" ADD CONSTRAINT "backup_tab_lists_session_id_saved_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."saved_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_tab_lists" ADD CONSTRAINT "backup_tab_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tab_contents" ADD CONSTRAINT "tab_contents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backup_tab_lists_user_id_idx" ON "backup_tab_lists" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "backup_tab_lists_content_ids_idx" ON "backup_tab_lists" USING gin ("content_ids") WITH (fastupdate=false);--> statement-breakpoint
CREATE UNIQUE INDEX "tab_contents_user_id_content_hash_idx" ON "tab_contents" USING btree ("user_id","content_hash");--> statement-breakpoint
CREATE INDEX "tab_contents_title_trgm_idx" ON "tab_contents" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tab_contents_url_trgm_idx" ON "tab_contents" USING gin ("url" gin_trgm_ops);--> statement-breakpoint
-- Tabs stored once (decision 212): every tab already stored becomes one content per account, keyed as
-- server/backups/tab-lists.ts keys new ones, and every backup one list of its contents in order.
INSERT INTO "tab_contents" ("user_id", "content_hash", "url", "title", "favicon_url", "sealed_location", "form_data", "scroll_x", "scroll_y", "size_bytes")
SELECT DISTINCT ON (s.user_id, sha256(convert_to(jsonb_build_object('url', t.url, 'title', t.title, 'favicon_url', t.favicon_url, 'sealed_location', t.sealed_location, 'form_data', t.form_data, 'scroll_x', t.scroll_x, 'scroll_y', t.scroll_y)::text, 'UTF8')))
  s.user_id, sha256(convert_to(jsonb_build_object('url', t.url, 'title', t.title, 'favicon_url', t.favicon_url, 'sealed_location', t.sealed_location, 'form_data', t.form_data, 'scroll_x', t.scroll_x, 'scroll_y', t.scroll_y)::text, 'UTF8')), t.url, t.title, t.favicon_url, t.sealed_location, t.form_data, t.scroll_x, t.scroll_y,
  octet_length(jsonb_build_object('url', t.url, 'title', t.title, 'favicon_url', t.favicon_url, 'sealed_location', t.sealed_location, 'form_data', t.form_data, 'scroll_x', t.scroll_x, 'scroll_y', t.scroll_y)::text)
FROM "session_tabs" t JOIN "saved_sessions" s ON s.id = t.session_id
ORDER BY s.user_id, sha256(convert_to(jsonb_build_object('url', t.url, 'title', t.title, 'favicon_url', t.favicon_url, 'sealed_location', t.sealed_location, 'form_data', t.form_data, 'scroll_x', t.scroll_x, 'scroll_y', t.scroll_y)::text, 'UTF8'));--> statement-breakpoint
INSERT INTO "backup_tab_lists" ("session_id", "user_id", "content_ids", "window_positions", "active", "pinned", "group_ids", "last_accessed")
SELECT t.session_id, s.user_id,
  array_agg(c.id ORDER BY t.position),
  CASE WHEN bool_and(t.window_position IS NULL) THEN NULL ELSE array_agg(t.window_position ORDER BY t.position) END,
  array_agg(t.is_active ORDER BY t.position),
  CASE WHEN bool_and(NOT t.pinned) THEN NULL ELSE array_agg(t.pinned ORDER BY t.position) END,
  CASE WHEN bool_and(t.group_id IS NULL) THEN NULL ELSE array_agg(t.group_id ORDER BY t.position) END,
  CASE WHEN bool_and(t.last_accessed IS NULL) THEN NULL ELSE array_agg(t.last_accessed ORDER BY t.position) END
FROM "session_tabs" t
JOIN "saved_sessions" s ON s.id = t.session_id
JOIN "tab_contents" c ON c.user_id = s.user_id AND c.content_hash = sha256(convert_to(jsonb_build_object('url', t.url, 'title', t.title, 'favicon_url', t.favicon_url, 'sealed_location', t.sealed_location, 'form_data', t.form_data, 'scroll_x', t.scroll_x, 'scroll_y', t.scroll_y)::text, 'UTF8'))
GROUP BY t.session_id, s.user_id;--> statement-breakpoint
-- A backup's size becomes what it stores itself (tabPlaceBytes in tab-lists.ts, and its windows, groups and
-- applications as JSON); its tabs' contents are counted once per account in tab_contents.
UPDATE "saved_sessions" s SET "size_bytes" =
  coalesce((SELECT cardinality(l.content_ids) * (9
      + CASE WHEN l.window_positions IS NULL THEN 0 ELSE 4 END + CASE WHEN l.pinned IS NULL THEN 0 ELSE 1 END
      + CASE WHEN l.group_ids IS NULL THEN 0 ELSE 8 END + CASE WHEN l.last_accessed IS NULL THEN 0 ELSE 8 END)
    FROM "backup_tab_lists" l WHERE l.session_id = s.id), 0)
  + coalesce((SELECT octet_length(jsonb_agg(to_jsonb(w))::text) FROM "backup_windows" w WHERE w.session_id = s.id), 0)
  + coalesce((SELECT octet_length(jsonb_agg(to_jsonb(g))::text) FROM "backup_tab_groups" g WHERE g.session_id = s.id), 0)
  + coalesce((SELECT octet_length(jsonb_agg(to_jsonb(a))::text) FROM "session_applications" a WHERE a.session_id = s.id), 0);--> statement-breakpoint
DROP TABLE "session_tabs" CASCADE;--> statement-breakpoint
-- The tabs of every backup as the table of this name held them, one row per tab, for every reader.
CREATE VIEW "session_tabs" AS
SELECT l.session_id, (p.ord - 1)::integer AS position, c.url, c.title, c.favicon_url, c.sealed_location,
  coalesce(p.active, false) AS is_active, p.last_accessed, c.form_data, c.scroll_x, c.scroll_y,
  p.window_position, coalesce(p.pinned, false) AS pinned, p.group_id
FROM "backup_tab_lists" l
CROSS JOIN LATERAL unnest(l.content_ids, l.window_positions, l.active, l.pinned, l.group_ids, l.last_accessed)
  WITH ORDINALITY AS p(content_id, window_position, active, pinned, group_id, last_accessed, ord)
JOIN "tab_contents" c ON c.id = p.content_id;--> statement-breakpoint
-- Contents no list names any more go with the statement that deleted their last list, whichever deleted it
-- (a person, rotation, the quota, the library, thinning, an account's deletion), in its transaction. Only the
-- contents the deleted lists named are looked at, each through the index on content_ids, so a collection costs
-- what was deleted, not what the account keeps. The account row is locked first, as every writer of tabs locks
-- it, so no backup being written can name a content while it is removed.
CREATE FUNCTION "collect_tab_contents"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "users" WHERE id IN (SELECT DISTINCT user_id FROM gone) ORDER BY id FOR NO KEY UPDATE;
  DELETE FROM "tab_contents" c
  WHERE c.id IN (SELECT DISTINCT unnest(g.content_ids) FROM gone g)
    AND NOT EXISTS (SELECT 1 FROM "backup_tab_lists" l WHERE l.content_ids @> ARRAY[c.id]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "backup_tab_lists_collect" AFTER DELETE ON "backup_tab_lists"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "collect_tab_contents"();
