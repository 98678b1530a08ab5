CREATE TABLE "exam_question_groks" (
	"school_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"grokked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exam_question_groks_class_id_profile_id_question_id_pk" PRIMARY KEY("class_id","profile_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "exam_question_notes" (
	"school_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"body" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exam_question_notes_class_id_profile_id_question_id_pk" PRIMARY KEY("class_id","profile_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "exam_result_releases" (
	"school_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"exam_id" integer NOT NULL,
	"released_at" timestamp with time zone NOT NULL,
	"released_by" integer,
	CONSTRAINT "exam_result_releases_class_id_exam_id_pk" PRIMARY KEY("class_id","exam_id")
);
--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "hide_solutions_until_release" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_sittings" ADD COLUMN "transcribed_by" integer;--> statement-breakpoint
ALTER TABLE "exam_question_groks" ADD CONSTRAINT "exam_question_groks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_question_groks" ADD CONSTRAINT "exam_question_groks_class_id_school_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."school_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_question_groks" ADD CONSTRAINT "exam_question_groks_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_question_groks" ADD CONSTRAINT "exam_question_groks_question_id_exam_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."exam_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_question_notes" ADD CONSTRAINT "exam_question_notes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_question_notes" ADD CONSTRAINT "exam_question_notes_class_id_school_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."school_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_question_notes" ADD CONSTRAINT "exam_question_notes_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_question_notes" ADD CONSTRAINT "exam_question_notes_question_id_exam_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."exam_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_result_releases" ADD CONSTRAINT "exam_result_releases_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_result_releases" ADD CONSTRAINT "exam_result_releases_class_id_school_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."school_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_result_releases" ADD CONSTRAINT "exam_result_releases_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_result_releases" ADD CONSTRAINT "exam_result_releases_released_by_users_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sittings" ADD CONSTRAINT "exam_sittings_transcribed_by_users_id_fk" FOREIGN KEY ("transcribed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;