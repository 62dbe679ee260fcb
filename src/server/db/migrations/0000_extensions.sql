-- Extensions a managed PostgreSQL lets a database owner create
-- (docs/decisions/014-search-in-the-database.md).
-- Order matters on PGlite: pg_trgm last (docs/architecture.md#toolchain-notes).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
