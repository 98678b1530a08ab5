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
CREATE TRIGGER "course_tree_nodes_items_version_on_insert" AFTER INSERT ON "course_tree_nodes"
  REFERENCING NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "course_items_changed_by_course"();
--> statement-breakpoint
CREATE TRIGGER "course_tree_nodes_items_version_on_delete" AFTER DELETE ON "course_tree_nodes"
  REFERENCING OLD TABLE AS "changed_old" FOR EACH STATEMENT EXECUTE FUNCTION "course_items_changed_by_course"();
--> statement-breakpoint
CREATE TRIGGER "course_tree_nodes_items_version_on_update" AFTER UPDATE ON "course_tree_nodes"
  REFERENCING OLD TABLE AS "changed_old" NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "course_items_changed_by_course"();
--> statement-breakpoint
CREATE TRIGGER "sections_items_version_on_insert" AFTER INSERT ON "sections"
  REFERENCING NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "course_items_changed_by_course"();
--> statement-breakpoint
CREATE TRIGGER "sections_items_version_on_delete" AFTER DELETE ON "sections"
  REFERENCING OLD TABLE AS "changed_old" FOR EACH STATEMENT EXECUTE FUNCTION "course_items_changed_by_course"();
--> statement-breakpoint
CREATE TRIGGER "sections_items_version_on_update" AFTER UPDATE ON "sections"
  REFERENCING OLD TABLE AS "changed_old" NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "course_items_changed_by_course"();
--> statement-breakpoint
CREATE TRIGGER "lessons_items_version_on_insert" AFTER INSERT ON "lessons"
  REFERENCING NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "course_items_changed_by_course"();
--> statement-breakpoint
CREATE TRIGGER "lessons_items_version_on_delete" AFTER DELETE ON "lessons"
  REFERENCING OLD TABLE AS "changed_old" FOR EACH STATEMENT EXECUTE FUNCTION "course_items_changed_by_course"();
--> statement-breakpoint
CREATE TRIGGER "lessons_items_version_on_update" AFTER UPDATE ON "lessons"
  REFERENCING OLD TABLE AS "changed_old" NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "course_items_changed_by_course"();
--> statement-breakpoint
CREATE TRIGGER "exams_items_version_on_insert" AFTER INSERT ON "exams"
  REFERENCING NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "course_items_changed_by_course"();
--> statement-breakpoint
CREATE TRIGGER "exams_items_version_on_delete" AFTER DELETE ON "exams"
  REFERENCING OLD TABLE AS "changed_old" FOR EACH STATEMENT EXECUTE FUNCTION "course_items_changed_by_course"();
--> statement-breakpoint
CREATE TRIGGER "exams_items_version_on_update" AFTER UPDATE ON "exams"
  REFERENCING OLD TABLE AS "changed_old" NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "course_items_changed_by_course"();
--> statement-breakpoint
CREATE TRIGGER "chunks_items_version_on_insert" AFTER INSERT ON "chunks"
  REFERENCING NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "course_items_changed_by_lesson"();
--> statement-breakpoint
CREATE TRIGGER "chunks_items_version_on_delete" AFTER DELETE ON "chunks"
  REFERENCING OLD TABLE AS "changed_old" FOR EACH STATEMENT EXECUTE FUNCTION "course_items_changed_by_lesson"();
--> statement-breakpoint
CREATE TRIGGER "chunks_items_version_on_update" AFTER UPDATE ON "chunks"
  REFERENCING OLD TABLE AS "changed_old" NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "course_items_changed_by_lesson"();
--> statement-breakpoint
CREATE TRIGGER "exam_questions_items_version_on_insert" AFTER INSERT ON "exam_questions"
  REFERENCING NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "course_items_changed_by_exam"();
--> statement-breakpoint
CREATE TRIGGER "exam_questions_items_version_on_delete" AFTER DELETE ON "exam_questions"
  REFERENCING OLD TABLE AS "changed_old" FOR EACH STATEMENT EXECUTE FUNCTION "course_items_changed_by_exam"();
--> statement-breakpoint
CREATE TRIGGER "exam_questions_items_version_on_update" AFTER UPDATE ON "exam_questions"
  REFERENCING OLD TABLE AS "changed_old" NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "course_items_changed_by_exam"();
