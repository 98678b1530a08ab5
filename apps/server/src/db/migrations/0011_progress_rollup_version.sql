CREATE TABLE "progress_rollup_version" (
	"class_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "progress_rollup_version" ADD CONSTRAINT "progress_rollup_version_class_id_school_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."school_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every statement that changes progress_rollup rows moves the version of each class it touched, in the classes'
-- order (so two writers of overlapping classes take the counters' row locks in the same order).
CREATE FUNCTION "progress_rollup_bump_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "progress_rollup_version" ("class_id", "version")
    SELECT DISTINCT "class_id", 1 FROM "changed_new" ORDER BY "class_id"
    ON CONFLICT ("class_id") DO UPDATE SET "version" = "progress_rollup_version"."version" + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "progress_rollup_version" ("class_id", "version")
    SELECT DISTINCT "class_id", 1 FROM "changed_old" o
    WHERE EXISTS (SELECT 1 FROM "school_classes" c WHERE c."id" = o."class_id")
    ORDER BY "class_id"
    ON CONFLICT ("class_id") DO UPDATE SET "version" = "progress_rollup_version"."version" + 1;
  ELSE
    INSERT INTO "progress_rollup_version" ("class_id", "version")
    SELECT DISTINCT "class_id", 1 FROM (SELECT "class_id" FROM "changed_new" UNION SELECT "class_id" FROM "changed_old") c
    ORDER BY "class_id"
    ON CONFLICT ("class_id") DO UPDATE SET "version" = "progress_rollup_version"."version" + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "progress_rollup_version_on_insert" AFTER INSERT ON "progress_rollup"
  REFERENCING NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "progress_rollup_bump_version"();
--> statement-breakpoint
CREATE TRIGGER "progress_rollup_version_on_delete" AFTER DELETE ON "progress_rollup"
  REFERENCING OLD TABLE AS "changed_old" FOR EACH STATEMENT EXECUTE FUNCTION "progress_rollup_bump_version"();
--> statement-breakpoint
CREATE TRIGGER "progress_rollup_version_on_update" AFTER UPDATE ON "progress_rollup"
  REFERENCING OLD TABLE AS "changed_old" NEW TABLE AS "changed_new" FOR EACH STATEMENT
  EXECUTE FUNCTION "progress_rollup_bump_version"();
