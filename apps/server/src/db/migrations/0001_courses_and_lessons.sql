CREATE TABLE "attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"title" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"additional_materials" boolean DEFAULT false NOT NULL,
	"is_premium" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "caption_tracks" (
	"id" serial PRIMARY KEY NOT NULL,
	"video_id" integer NOT NULL,
	"label" text NOT NULL,
	"srclang" text NOT NULL,
	"storage_key" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chunks" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"index" integer NOT NULL,
	"title" text NOT NULL,
	"video_id" integer NOT NULL,
	CONSTRAINT "chunks_lesson_index_key" UNIQUE("lesson_id","index"),
	CONSTRAINT "chunks_index_check" CHECK ("chunks"."index" >= 1)
);
--> statement-breakpoint
CREATE TABLE "course_tree_nodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"parent_id" integer,
	"node_type" text NOT NULL,
	"value_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "course_tree_nodes_value_key" UNIQUE("course_id","node_type","value_id"),
	CONSTRAINT "course_tree_nodes_type_check" CHECK ("course_tree_nodes"."node_type" in ('course', 'section', 'lesson', 'exam', 'attachment'))
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"title" text NOT NULL,
	"kind" text DEFAULT 'exam' NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"is_submittable" boolean DEFAULT true NOT NULL,
	"question_count" integer DEFAULT 0 NOT NULL,
	"marks_total" numeric(8, 2) DEFAULT '0' NOT NULL,
	"additional_materials" text DEFAULT '' NOT NULL,
	CONSTRAINT "exams_kind_check" CHECK ("exams"."kind" in ('exam', 'question_set', 'reflective_question_set'))
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"title" text NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"is_coming_soon" boolean DEFAULT false NOT NULL,
	"is_premium" boolean DEFAULT false NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"has_success_measure" boolean DEFAULT false NOT NULL,
	"question_set_id" integer
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"title" text NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text,
	"provider" text,
	"hosted_id" text,
	"duration" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "videos_kind_check" CHECK (("videos"."kind" = 'file' and "videos"."storage_key" is not null) or ("videos"."kind" = 'hosted' and "videos"."hosted_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "chunk_visits" (
	"school_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"chunk_id" integer NOT NULL,
	"visit_count" integer DEFAULT 1 NOT NULL,
	"first_visited_at" timestamp with time zone NOT NULL,
	"last_visited_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chunk_visits_class_id_profile_id_chunk_id_pk" PRIMARY KEY("class_id","profile_id","chunk_id")
);
--> statement-breakpoint
CREATE TABLE "chunk_watches" (
	"school_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"chunk_id" integer NOT NULL,
	"seconds_watched" real DEFAULT 0 NOT NULL,
	"max_position" real DEFAULT 0 NOT NULL,
	"watched" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chunk_watches_class_id_profile_id_chunk_id_pk" PRIMARY KEY("class_id","profile_id","chunk_id")
);
--> statement-breakpoint
CREATE TABLE "lesson_notes" (
	"school_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"html" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lesson_notes_profile_id_lesson_id_pk" PRIMARY KEY("profile_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "lesson_self_ratings" (
	"school_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lesson_self_ratings_profile_id_lesson_id_pk" PRIMARY KEY("profile_id","lesson_id"),
	CONSTRAINT "lesson_self_ratings_rating_check" CHECK ("lesson_self_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "subject" text DEFAULT 'General' NOT NULL;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caption_tracks" ADD CONSTRAINT "caption_tracks_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chunks" ADD CONSTRAINT "chunks_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chunks" ADD CONSTRAINT "chunks_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_tree_nodes" ADD CONSTRAINT "course_tree_nodes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_tree_nodes" ADD CONSTRAINT "course_tree_nodes_parent_id_course_tree_nodes_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."course_tree_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_question_set_id_exams_id_fk" FOREIGN KEY ("question_set_id") REFERENCES "public"."exams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chunk_visits" ADD CONSTRAINT "chunk_visits_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chunk_visits" ADD CONSTRAINT "chunk_visits_class_id_school_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."school_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chunk_visits" ADD CONSTRAINT "chunk_visits_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chunk_visits" ADD CONSTRAINT "chunk_visits_chunk_id_chunks_id_fk" FOREIGN KEY ("chunk_id") REFERENCES "public"."chunks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chunk_watches" ADD CONSTRAINT "chunk_watches_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chunk_watches" ADD CONSTRAINT "chunk_watches_class_id_school_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."school_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chunk_watches" ADD CONSTRAINT "chunk_watches_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chunk_watches" ADD CONSTRAINT "chunk_watches_chunk_id_chunks_id_fk" FOREIGN KEY ("chunk_id") REFERENCES "public"."chunks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_notes" ADD CONSTRAINT "lesson_notes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_notes" ADD CONSTRAINT "lesson_notes_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_notes" ADD CONSTRAINT "lesson_notes_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_self_ratings" ADD CONSTRAINT "lesson_self_ratings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_self_ratings" ADD CONSTRAINT "lesson_self_ratings_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_self_ratings" ADD CONSTRAINT "lesson_self_ratings_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_tree_nodes_course_idx" ON "course_tree_nodes" USING btree ("course_id","parent_id","position");--> statement-breakpoint
CREATE INDEX "chunk_visits_profile_idx" ON "chunk_visits" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "chunk_watches_profile_idx" ON "chunk_watches" USING btree ("profile_id");