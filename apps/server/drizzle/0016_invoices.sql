CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"invoice_kind" text NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" integer NOT NULL,
	"receipt_number" text NOT NULL,
	"description" text NOT NULL,
	"quantity_milli" integer NOT NULL,
	"unit" text NOT NULL,
	"delivery_date" date NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"payment_method" text NOT NULL,
	"net" integer NOT NULL,
	"vat" integer NOT NULL,
	"gross" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_weeks" (
	"week_start" date PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"billing_data_id" integer NOT NULL,
	"corrects_invoice_id" integer,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"order_number" text NOT NULL,
	"lang" text NOT NULL,
	"buyer" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"invoice_number" text,
	"pdf_name" text,
	"net_total" integer NOT NULL,
	"vat_total" integer NOT NULL,
	"gross_total" integer NOT NULL,
	"pdf_base64" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"last_error" text,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" integer NOT NULL,
	"call_id" text NOT NULL,
	"email" text NOT NULL,
	"lang" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"receipt_number" text,
	"gross" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"last_error" text,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_sz_counters" (
	"prefix" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "sandbox_sz_counters_prefix_year_pk" PRIMARY KEY("prefix","year")
);
--> statement-breakpoint
CREATE TABLE "sandbox_sz_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"agent_key" text NOT NULL,
	"order_number" text,
	"call_id" text,
	"reverses" text,
	"net" integer NOT NULL,
	"vat" integer NOT NULL,
	"gross" integer NOT NULL,
	"request_xml" text NOT NULL,
	"pdf_base64" text NOT NULL,
	"nav_status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_billing_data_id_billing_data_id_fk" FOREIGN KEY ("billing_data_id") REFERENCES "public"."billing_data"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_receipts" ADD CONSTRAINT "provider_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_source_key" ON "invoice_lines" USING btree ("source_kind","source_id","invoice_kind");--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_number_key" ON "invoices" USING btree ("order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_invoice_number_key" ON "invoices" USING btree ("invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_pdf_name_key" ON "invoices" USING btree ("pdf_name");--> statement-breakpoint
CREATE INDEX "invoices_billing_data_idx" ON "invoices" USING btree ("billing_data_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_pending_idx" ON "invoices" USING btree ("next_attempt_at") WHERE "invoices"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_corrects_key" ON "invoices" USING btree ("corrects_invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_receipts_source_key" ON "provider_receipts" USING btree ("source_kind","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_receipts_call_key" ON "provider_receipts" USING btree ("call_id");--> statement-breakpoint
CREATE INDEX "provider_receipts_pending_idx" ON "provider_receipts" USING btree ("next_attempt_at") WHERE "provider_receipts"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_sz_documents_number_key" ON "sandbox_sz_documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_sz_documents_call_key" ON "sandbox_sz_documents" USING btree ("agent_key","call_id");--> statement-breakpoint
CREATE INDEX "sandbox_sz_documents_order_idx" ON "sandbox_sz_documents" USING btree ("agent_key","order_number");