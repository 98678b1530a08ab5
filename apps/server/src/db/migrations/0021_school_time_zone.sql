ALTER TABLE "schools" ADD COLUMN "time_zone" text DEFAULT 'Australia/Sydney' NOT NULL;--> statement-breakpoint
-- Added by hand (ADR 048): the schools that exist now get the configured SCHOOL_TIME_ZONE, which runMigrations sets
-- as banksia.school_time_zone for its session; without it (an older runner) they keep the column's default.
UPDATE "schools" SET "time_zone" = current_setting('banksia.school_time_zone', true)
 WHERE coalesce(current_setting('banksia.school_time_zone', true), '') <> '';
