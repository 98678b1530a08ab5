CREATE TABLE "sign_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	"success" boolean NOT NULL,
	"failure_reason" text,
	"method" text DEFAULT 'password' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trial_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "welcome_email_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"step_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"class_id" integer,
	"outbox_id" integer,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "welcome_email_sends_step_user_key" UNIQUE("step_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "welcome_email_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"class_type" text NOT NULL,
	"days_after" integer NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"stop_when" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "welcome_email_steps_days_check" CHECK ("welcome_email_steps"."days_after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sign_ins" ADD CONSTRAINT "sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_accounts" ADD CONSTRAINT "trial_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_accounts" ADD CONSTRAINT "trial_accounts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_accounts" ADD CONSTRAINT "trial_accounts_class_id_school_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."school_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_accounts" ADD CONSTRAINT "trial_accounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "welcome_email_sends" ADD CONSTRAINT "welcome_email_sends_step_id_welcome_email_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."welcome_email_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "welcome_email_sends" ADD CONSTRAINT "welcome_email_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "welcome_email_sends" ADD CONSTRAINT "welcome_email_sends_class_id_school_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."school_classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "welcome_email_sends" ADD CONSTRAINT "welcome_email_sends_outbox_id_email_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_ins_user_at_idx" ON "sign_ins" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "sign_ins_at_idx" ON "sign_ins" USING btree ("at");--> statement-breakpoint
CREATE INDEX "trial_accounts_class_idx" ON "trial_accounts" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "welcome_email_sends_sent_idx" ON "welcome_email_sends" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "welcome_email_steps_role_type_idx" ON "welcome_email_steps" USING btree ("role","class_type");