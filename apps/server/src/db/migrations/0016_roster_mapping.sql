ALTER TABLE "roster_datasets" ADD COLUMN "mapping" jsonb;--> statement-breakpoint
ALTER TABLE "roster_datasets" ADD COLUMN "mapping_confirmed_by" integer;--> statement-breakpoint
ALTER TABLE "roster_datasets" ADD CONSTRAINT "roster_datasets_mapping_confirmed_by_users_id_fk" FOREIGN KEY ("mapping_confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;