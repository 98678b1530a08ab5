CREATE TABLE "course_items_version" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_items_version" ADD CONSTRAINT "course_items_version_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Moves the items version of each course in `ids` that still exists (a course being deleted takes its row with it),
-- in the courses' order, so two writers of overlapping courses take the counters' row locks in the same order.
CREATE FUNCTION "course_items_bump"("ids" integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "course_items_version" ("course_id", "version")
  SELECT c."id", 1 FROM "courses" c WHERE c."id" = ANY ("ids") ORDER BY c."id"
  ON CONFLICT ("course_id") DO UPDATE SET "version" = "course_items_version"."version" + 1;
$$;
--> statement-breakpoint
CREATE FUNCTION "course_items_changed_by_course"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "course_items_bump"(ARRAY(SELECT DISTINCT "course_id" FROM "changed_new"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "course_items_bump"(ARRAY(SELECT DISTINCT "course_id" FROM "changed_old"));
  ELSE
    PERFORM "course_items_bump"(ARRAY(SELECT DISTINCT x."course_id" FROM (SELECT * FROM "changed_new" UNION ALL SELECT * FROM "changed_old") x));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "course_items_changed_by_lesson"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "course_items_bump"(ARRAY(SELECT DISTINCT l."course_id" FROM "changed_new" x JOIN "lessons" l ON l."id" = x."lesson_id"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "course_items_bump"(ARRAY(SELECT DISTINCT l."course_id" FROM "changed_old" x JOIN "lessons" l ON l."id" = x."lesson_id"));
  ELSE
    PERFORM "course_items_bump"(ARRAY(SELECT DISTINCT l."course_id" FROM (SELECT * FROM "changed_new" UNION ALL SELECT * FROM "changed_old") x JOIN "lessons" l ON l."id" = x."lesson_id"));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "course_items_changed_by_exam"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "course_items_bump"(ARRAY(SELECT DISTINCT e."course_id" FROM "changed_new" x JOIN "exams" e ON e."id" = x."exam_id"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "course_items_bump"(ARRAY(SELECT DISTINCT e."course_id" FROM "changed_old" x JOIN "exams" e ON e."id" = x."exam_id"));
  ELSE
    PERFORM "course_items_bump"(ARRAY(SELECT DISTINCT e."course_id" FROM (SELECT * FROM "changed_new" UNION ALL SELECT * FROM "changed_old") x JOIN "exams" e ON e."id" = x."exam_id"));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The triggers: each content table, with the function that finds the courses its changed rows belong to.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('course_tree_nodes', 'course_items_changed_by_course'), ('sections', 'course_items_changed_by_course'),
    ('lessons', 'course_items_changed_by_course'), ('exams', 'course_items_changed_by_course'),
    ('chunks', 'course_items_changed_by_lesson'), ('exam_questions', 'course_items_changed_by_exam')
  ) AS v(tbl, fn) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS "changed_new" '
      'FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.tbl || '_items_version_on_insert', t.tbl, t.fn);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS "changed_old" '
      'FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.tbl || '_items_version_on_delete', t.tbl, t.fn);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS "changed_old" '
      'NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.tbl || '_items_version_on_update', t.tbl, t.fn);
  END LOOP;
END $$;
