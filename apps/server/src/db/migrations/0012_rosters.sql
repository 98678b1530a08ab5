CREATE TABLE "roster_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dataset_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"operation" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"applied_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roster_datasets" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"calendar_year" integer NOT NULL,
	"source" text NOT NULL,
	"file_sha256" text NOT NULL,
	"file_names" text[] NOT NULL,
	"status" text NOT NULL,
	"counts" jsonb NOT NULL,
	"errors" jsonb NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"holds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure" text,
	"created_by" integer,
	"approved_by" integer,
	"applied_by" integer,
	"rolled_back_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone,
	"rolled_back_at" timestamp with time zone,
	CONSTRAINT "roster_datasets_upload_key" UNIQUE("school_id","calendar_year","source","file_sha256"),
	CONSTRAINT "roster_datasets_status_check" CHECK ("roster_datasets"."status" in ('parsed', 'reviewing', 'applying', 'applied', 'held', 'rolled_back', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "roster_decisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dataset_id" integer NOT NULL,
	"step" text NOT NULL,
	"record_key" text NOT NULL,
	"action" text NOT NULL,
	"method" text NOT NULL,
	"internal_id" integer,
	"suggestion_id" integer,
	"details" jsonb NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	CONSTRAINT "roster_decisions_record_key" UNIQUE("dataset_id","step","record_key"),
	CONSTRAINT "roster_decisions_step_check" CHECK ("roster_decisions"."step" in ('school_class_reconciliation', 'teacher_reconciliation', 'student_reconciliation', 'role_reconciliation'))
);
--> statement-breakpoint
CREATE TABLE "roster_external_ids" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"internal_id" integer NOT NULL,
	"imported" jsonb NOT NULL,
	"dataset_id" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "roster_external_ids_code_key" UNIQUE("school_id","kind","code")
);
--> statement-breakpoint
CREATE TABLE "roster_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dataset_id" integer NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"data" jsonb NOT NULL,
	"file" text NOT NULL,
	"line" integer NOT NULL,
	CONSTRAINT "roster_records_dataset_kind_key" UNIQUE("dataset_id","kind","key")
);
--> statement-breakpoint
ALTER TABLE "roster_changes" ADD CONSTRAINT "roster_changes_dataset_id_roster_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."roster_datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_changes" ADD CONSTRAINT "roster_changes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_datasets" ADD CONSTRAINT "roster_datasets_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_datasets" ADD CONSTRAINT "roster_datasets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_datasets" ADD CONSTRAINT "roster_datasets_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_datasets" ADD CONSTRAINT "roster_datasets_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_datasets" ADD CONSTRAINT "roster_datasets_rolled_back_by_users_id_fk" FOREIGN KEY ("rolled_back_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_decisions" ADD CONSTRAINT "roster_decisions_dataset_id_roster_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."roster_datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_decisions" ADD CONSTRAINT "roster_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_external_ids" ADD CONSTRAINT "roster_external_ids_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_external_ids" ADD CONSTRAINT "roster_external_ids_dataset_id_roster_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."roster_datasets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_records" ADD CONSTRAINT "roster_records_dataset_id_roster_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."roster_datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_changes_dataset_idx" ON "roster_changes" USING btree ("dataset_id");--> statement-breakpoint
CREATE INDEX "roster_datasets_school_year_idx" ON "roster_datasets" USING btree ("school_id","calendar_year");--> statement-breakpoint
CREATE INDEX "roster_external_ids_internal_idx" ON "roster_external_ids" USING btree ("kind","internal_id");