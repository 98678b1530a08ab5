-- Notes become per class, like the rest of a student's work, so a teacher reads only what was written in a class
-- they teach. Existing notes go to the class the student wrote them for: the class of that lesson's course where
-- the student is on the roster (the lowest id when several), else any class of that course they were ever in.
ALTER TABLE "lesson_notes" ADD COLUMN "class_id" integer;--> statement-breakpoint
UPDATE "lesson_notes" n SET "class_id" = (
  SELECT e.class_id FROM enrolments e
  JOIN school_classes c ON c.id = e.class_id
  JOIN lessons l ON l.course_id = c.course_id AND l.id = n.lesson_id
  WHERE e.profile_id = n.profile_id AND e.school_id = n.school_id
  ORDER BY (e.access_status >= 25) DESC, e.class_id
  LIMIT 1
);--> statement-breakpoint
-- Notes of a student who was never in a class of that course could not be opened by anyone.
DELETE FROM "lesson_notes" WHERE "class_id" IS NULL;--> statement-breakpoint
ALTER TABLE "lesson_notes" ALTER COLUMN "class_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_notes" DROP CONSTRAINT "lesson_notes_profile_id_lesson_id_pk";--> statement-breakpoint
ALTER TABLE "lesson_notes" ADD CONSTRAINT "lesson_notes_profile_id_class_id_lesson_id_pk" PRIMARY KEY("profile_id","class_id","lesson_id");--> statement-breakpoint
ALTER TABLE "lesson_notes" ADD CONSTRAINT "lesson_notes_class_id_school_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."school_classes"("id") ON DELETE cascade ON UPDATE no action;
