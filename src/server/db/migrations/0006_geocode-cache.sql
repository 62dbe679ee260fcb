CREATE TABLE "geocode_cache" (
	"query" text PRIMARY KEY NOT NULL,
	"latitude" numeric(10, 7),
	"longitude" numeric(10, 7),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
