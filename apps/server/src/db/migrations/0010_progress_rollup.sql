CREATE TABLE "progress_rollup" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"lesson_id" integer,
	"exam_id" integer,
	"chunks_visited" integer DEFAULT 0 NOT NULL,
	"submitted" boolean DEFAULT false NOT NULL,
	"marks" numeric(12, 2),
	"awaiting" boolean,
	"in_progress" boolean DEFAULT false NOT NULL,
	CONSTRAINT "progress_rollup_one_item_check" CHECK (("progress_rollup"."lesson_id" is null) <> ("progress_rollup"."exam_id" is null))
);
--> statement-breakpoint
ALTER TABLE "progress_rollup" ADD CONSTRAINT "progress_rollup_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_rollup" ADD CONSTRAINT "progress_rollup_class_id_school_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."school_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_rollup" ADD CONSTRAINT "progress_rollup_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_rollup" ADD CONSTRAINT "progress_rollup_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_rollup" ADD CONSTRAINT "progress_rollup_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "progress_rollup_class_idx" ON "progress_rollup" USING btree ("class_id","profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "progress_rollup_lesson_key" ON "progress_rollup" USING btree ("class_id","profile_id","lesson_id") WHERE "progress_rollup"."lesson_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "progress_rollup_exam_key" ON "progress_rollup" USING btree ("class_id","profile_id","exam_id") WHERE "progress_rollup"."exam_id" is not null;--> statement-breakpoint
-- The rollup of the facts already recorded, as rebuildRollup (features/progress/progress-rollup.ts) computes it.
INSERT INTO "progress_rollup" ("school_id", "class_id", "profile_id", "lesson_id", "exam_id", "chunks_visited", "submitted", "marks", "awaiting", "in_progress")
SELECT c.school_id, v.class_id, v.profile_id, ch.lesson_id, null::int, count(*)::int, false, null::numeric, null::boolean, false
FROM chunk_visits v
JOIN school_classes c ON c.id = v.class_id AND c.school_id = v.school_id
JOIN chunks ch ON ch.id = v.chunk_id
GROUP BY c.school_id, v.class_id, v.profile_id, ch.lesson_id
UNION ALL
SELECT st.school_id, st.class_id, st.profile_id, null::int, st.exam_id, 0, st.submitted, sc.marks, sc.awaiting, st.in_progress
FROM (
  SELECT c.school_id, s.class_id, s.profile_id, s.exam_id,
    bool_or(s.status = 'submitted') AS submitted, bool_or(s.status = 'open') AS in_progress,
    (array_agg(s.id ORDER BY s.submitted_at DESC NULLS LAST, s.id DESC) FILTER (WHERE s.status = 'submitted'))[1] AS latest_id
  FROM exam_sittings s
  JOIN school_classes c ON c.id = s.class_id AND c.school_id = s.school_id
  GROUP BY c.school_id, s.class_id, s.profile_id, s.exam_id
) st
LEFT JOIN LATERAL (
  SELECT coalesce(sum(a.marks_awarded), 0) AS marks, coalesce(bool_or(a.mark_status = 'needs_marking'), false) AS awaiting
  FROM exam_answers a WHERE a.sitting_id = st.latest_id AND a.school_id = st.school_id
) sc ON st.submitted;
