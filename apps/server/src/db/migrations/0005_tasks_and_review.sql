CREATE TABLE "task_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"kind" text NOT NULL,
	"lesson_id" integer,
	"exam_id" integer,
	"activity_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "task_items_kind_check" CHECK ("task_items"."kind" in ('lesson', 'question_set', 'exam', 'activity')),
	CONSTRAINT "task_items_one_target_check" CHECK (("task_items"."kind" = 'lesson' and "task_items"."lesson_id" is not null and "task_items"."exam_id" is null and "task_items"."activity_id" is null)
        or ("task_items"."kind" in ('question_set', 'exam') and "task_items"."exam_id" is not null and "task_items"."lesson_id" is null and "task_items"."activity_id" is null)
        or ("task_items"."kind" = 'activity' and "task_items"."activity_id" is not null and "task_items"."lesson_id" is null and "task_items"."exam_id" is null))
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"title" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_cards" (
	"school_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"source" text NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" real NOT NULL,
	"difficulty" real NOT NULL,
	"elapsed_days" integer DEFAULT 0 NOT NULL,
	"scheduled_days" integer DEFAULT 0 NOT NULL,
	"learning_steps" integer DEFAULT 0 NOT NULL,
	"reps" integer DEFAULT 0 NOT NULL,
	"lapses" integer DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"last_review" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "review_cards_class_id_profile_id_question_id_pk" PRIMARY KEY("class_id","profile_id","question_id"),
	CONSTRAINT "review_cards_source_check" CHECK ("review_cards"."source" in ('wrong', 'low_rating'))
);
--> statement-breakpoint
CREATE TABLE "review_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"correct" boolean NOT NULL,
	"scheduled_days" integer NOT NULL,
	"stability" real NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "review_logs_rating_check" CHECK ("review_logs"."rating" between 1 and 4)
);
--> statement-breakpoint
ALTER TABLE "task_items" ADD CONSTRAINT "task_items_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_items" ADD CONSTRAINT "task_items_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_items" ADD CONSTRAINT "task_items_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_items" ADD CONSTRAINT "task_items_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_items" ADD CONSTRAINT "task_items_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_class_id_school_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."school_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_class_id_school_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."school_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_question_id_exam_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."exam_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_class_id_school_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."school_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_question_id_exam_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."exam_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_items_task_idx" ON "task_items" USING btree ("task_id","position");--> statement-breakpoint
CREATE INDEX "tasks_class_due_idx" ON "tasks" USING btree ("class_id","due_at");--> statement-breakpoint
CREATE INDEX "tasks_school_idx" ON "tasks" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "review_cards_profile_due_idx" ON "review_cards" USING btree ("profile_id","due");--> statement-breakpoint
CREATE INDEX "review_logs_class_idx" ON "review_logs" USING btree ("class_id","reviewed_at");--> statement-breakpoint
CREATE INDEX "review_logs_profile_idx" ON "review_logs" USING btree ("profile_id");