CREATE TABLE "download_counts" (
	"platform" text NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "download_counts_platform_day_pk" PRIMARY KEY("platform","day")
);
