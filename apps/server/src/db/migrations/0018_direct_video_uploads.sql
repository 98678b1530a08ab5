ALTER TABLE "video_uploads" ADD COLUMN "s3_upload_id" text;--> statement-breakpoint
ALTER TABLE "video_uploads" ADD COLUMN "storage_key" text;