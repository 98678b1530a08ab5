CREATE TABLE "caption_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"srclang" text DEFAULT 'en' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"requested_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "caption_orders_course_video_key" UNIQUE("course_id","video_id","srclang")
);
--> statement-breakpoint
CREATE TABLE "video_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"video_id" integer,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"received_bytes" bigint DEFAULT 0 NOT NULL,
	"duration" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "caption_tracks" ALTER COLUMN "storage_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "caption_tracks" ADD COLUMN "status" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "caption_tracks" ADD COLUMN "content" text;--> statement-breakpoint
ALTER TABLE "caption_tracks" ADD COLUMN "cue_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "caption_tracks" ADD COLUMN "author_user_id" integer;--> statement-breakpoint
ALTER TABLE "caption_tracks" ADD COLUMN "reviewer_user_id" integer;--> statement-breakpoint
ALTER TABLE "caption_tracks" ADD COLUMN "review_comment" text;--> statement-breakpoint
ALTER TABLE "caption_tracks" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "caption_tracks" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "content_type" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "size_bytes" bigint;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "caption_orders" ADD CONSTRAINT "caption_orders_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caption_orders" ADD CONSTRAINT "caption_orders_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caption_orders" ADD CONSTRAINT "caption_orders_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_uploads" ADD CONSTRAINT "video_uploads_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_uploads" ADD CONSTRAINT "video_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caption_tracks" ADD CONSTRAINT "caption_tracks_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caption_tracks" ADD CONSTRAINT "caption_tracks_reviewer_user_id_users_id_fk" FOREIGN KEY ("reviewer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "caption_tracks_video_lang_key" ON "caption_tracks" USING btree ("video_id","srclang");--> statement-breakpoint
ALTER TABLE "caption_tracks" ADD CONSTRAINT "caption_tracks_status_check" CHECK ("caption_tracks"."status" in ('draft', 'in_review', 'changes_requested', 'approved'));--> statement-breakpoint
-- Tracks made before review existed were published as they are: they count as approved.
UPDATE "caption_tracks" SET "status" = 'approved' WHERE "storage_key" IS NOT NULL;
