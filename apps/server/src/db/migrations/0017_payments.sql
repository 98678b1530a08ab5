CREATE TABLE "checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"school_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"calendar_year" integer NOT NULL,
	"payment_link_code" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"url" text NOT NULL,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"provider_payment_id" text,
	"idempotency_key" text NOT NULL,
	"fulfilment" text DEFAULT 'pending' NOT NULL,
	"fulfilment_error" text,
	"fulfilment_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	CONSTRAINT "checkout_sessions_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "checkout_sessions_amount_check" CHECK ("checkout_sessions"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "class_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"calendar_year" integer NOT NULL,
	"feature" text NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text DEFAULT 'AUD' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "class_products_school_year_feature_key" UNIQUE("school_id","calendar_year","feature"),
	CONSTRAINT "class_products_price_check" CHECK ("class_products"."price_cents" >= 0 and "class_products"."price_cents" <= 100000000),
	CONSTRAINT "class_products_currency_check" CHECK ("class_products"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "class_products_feature_check" CHECK ("class_products"."feature" in ('STANDARD', 'EXTENDED', 'EXTENDED_TEXTBOOK'))
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"school_id" integer,
	"profile_id" integer,
	"calendar_year" integer,
	"provider" text,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_key" UNIQUE NULLS NOT DISTINCT("kind","school_id","profile_id","calendar_year","provider","currency"),
	CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('receivable', 'refunds_payable', 'revenue', 'clearing')),
	CONSTRAINT "ledger_accounts_owner_check" CHECK (case "ledger_accounts"."kind"
            when 'clearing' then "ledger_accounts"."provider" is not null and "ledger_accounts"."school_id" is null and "ledger_accounts"."profile_id" is null
            when 'revenue' then "ledger_accounts"."school_id" is not null and "ledger_accounts"."calendar_year" is not null and "ledger_accounts"."profile_id" is null
            else "ledger_accounts"."school_id" is not null and "ledger_accounts"."profile_id" is not null and "ledger_accounts"."calendar_year" is not null
          end)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"school_id" integer NOT NULL,
	"profile_id" integer,
	"calendar_year" integer NOT NULL,
	"class_id" integer,
	"checkout_session_id" text,
	"refund_id" integer,
	"reverses_id" integer,
	"memo" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_transactions_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "ledger_transactions_reverses_id_unique" UNIQUE("reverses_id"),
	CONSTRAINT "ledger_transactions_kind_check" CHECK ("ledger_transactions"."kind" in ('charge', 'credit', 'payment', 'refund_owed', 'credit_applied', 'refund_paid', 'reversal'))
);
--> statement-breakpoint
CREATE TABLE "payment_links" (
	"code" text PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"calendar_year" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_links_profile_year_key" UNIQUE("profile_id","calendar_year")
);
--> statement-breakpoint
CREATE TABLE "payment_lock_list_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"calendar_year" integer NOT NULL,
	"due_date" date NOT NULL,
	"locks_unpaid" boolean DEFAULT true NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_lock_list_items_school_year_key" UNIQUE("school_id","calendar_year")
);
--> statement-breakpoint
CREATE TABLE "payment_locks" (
	"enrolment_id" integer PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"previous_status" smallint NOT NULL,
	"locked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"event_created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone,
	"error" text,
	"payload" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"calendar_year" integer NOT NULL,
	"status" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "refund_runs_second_person_check" CHECK ("refund_runs"."approved_by" is null or "refund_runs"."approved_by" <> "refund_runs"."created_by")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"calendar_year" integer NOT NULL,
	"checkout_session_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"provider_refund_id" text,
	"failure_reason" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "refunds_provider_refund_id_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "test_provider_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_payment_link_code_payment_links_code_fk" FOREIGN KEY ("payment_link_code") REFERENCES "public"."payment_links"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_products" ADD CONSTRAINT "class_products_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_products" ADD CONSTRAINT "class_products_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_class_id_school_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."school_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_lock_list_items" ADD CONSTRAINT "payment_lock_list_items_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_lock_list_items" ADD CONSTRAINT "payment_lock_list_items_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_locks" ADD CONSTRAINT "payment_locks_enrolment_id_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_locks" ADD CONSTRAINT "payment_locks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_runs" ADD CONSTRAINT "refund_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_runs" ADD CONSTRAINT "refund_runs_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_run_id_refund_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."refund_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_checkout_session_id_checkout_sessions_id_fk" FOREIGN KEY ("checkout_session_id") REFERENCES "public"."checkout_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_sessions_profile_idx" ON "checkout_sessions" USING btree ("profile_id","calendar_year");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_one_open_idx" ON "checkout_sessions" USING btree ("profile_id","calendar_year") WHERE "checkout_sessions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "checkout_sessions_fulfilment_idx" ON "checkout_sessions" USING btree ("fulfilment") WHERE "checkout_sessions"."fulfilment" in ('failed', 'needs_review');--> statement-breakpoint
CREATE INDEX "ledger_accounts_profile_idx" ON "ledger_accounts" USING btree ("profile_id","calendar_year");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_profile_idx" ON "ledger_transactions" USING btree ("profile_id","calendar_year");--> statement-breakpoint
CREATE INDEX "ledger_transactions_school_year_idx" ON "ledger_transactions" USING btree ("school_id","calendar_year");--> statement-breakpoint
CREATE INDEX "payment_locks_school_idx" ON "payment_locks" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "refund_runs_year_idx" ON "refund_runs" USING btree ("calendar_year");--> statement-breakpoint
CREATE INDEX "refunds_run_idx" ON "refunds" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "refunds_profile_idx" ON "refunds" USING btree ("profile_id","calendar_year");--> statement-breakpoint
CREATE INDEX "test_provider_objects_kind_idx" ON "test_provider_objects" USING btree ("kind");--> statement-breakpoint
-- The ledger is append-only: corrections are reversals, never updates or deletes.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % is refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER ledger_accounts_append_only BEFORE UPDATE OR DELETE ON "ledger_accounts"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON "ledger_transactions"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
-- Every transaction sums to zero, checked at commit (entries are inserted one statement after their transaction).
CREATE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE total bigint; lines int;
BEGIN
  SELECT coalesce(sum(amount_cents), 0), count(*) INTO total, lines
    FROM ledger_entries WHERE transaction_id = NEW.transaction_id;
  IF total <> 0 OR lines < 2 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance (sum %, % entries)', NEW.transaction_id, total, lines
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();
