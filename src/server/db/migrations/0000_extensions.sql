-- Extensions a managed PostgreSQL lets a database owner create (DESIGN decision 10).
-- Order matters on PGlite: pg_trgm last (STACK-NOTES).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
