CREATE SEQUENCE "public"."sandbox_sp_id_seq" INCREMENT BY 1 MINVALUE 500000001 MAXVALUE 9223372036854775807 START WITH 500000001 CACHE 1;--> statement-breakpoint
CREATE TABLE "sandbox_sp_cards" (
	"id" bigint PRIMARY KEY NOT NULL,
	"merchant" text NOT NULL,
	"secret_hash" text,
	"mask" text NOT NULL,
	"expiry" timestamp with time zone NOT NULL,
	"three_ds" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_sp_ipn_queue" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant" text NOT NULL,
	"transaction_id" bigint NOT NULL,
	"url" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_sp_refunds" (
	"id" bigint PRIMARY KEY DEFAULT nextval('sandbox_sp_id_seq') NOT NULL,
	"transaction_id" bigint NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_sp_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"merchant" text NOT NULL,
	"registration_id" bigint NOT NULL,
	"max_amount" integer NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"used_by_transaction_id" bigint
);
--> statement-breakpoint
CREATE TABLE "sandbox_sp_transactions" (
	"id" bigint PRIMARY KEY DEFAULT nextval('sandbox_sp_id_seq') NOT NULL,
	"merchant" text NOT NULL,
	"order_ref" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'INIT' NOT NULL,
	"currency" text NOT NULL,
	"customer_email" text,
	"language" text DEFAULT 'HU' NOT NULL,
	"total" integer NOT NULL,
	"captured_total" integer,
	"refunded_total" integer DEFAULT 0 NOT NULL,
	"two_step" boolean DEFAULT false NOT NULL,
	"url" text,
	"urls" jsonb,
	"timeout_at" timestamp with time zone NOT NULL,
	"page_token" text,
	"form_token" text,
	"card_secret_hash" text,
	"recurring" jsonb,
	"card_id" bigint,
	"token" text,
	"pending_card" jsonb,
	"result_code" integer,
	"finish_called_at" timestamp with time zone,
	"hold_lapsed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payment_date" timestamp with time zone,
	"finish_date" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "sandbox_sp_ipn_queue_pending_idx" ON "sandbox_sp_ipn_queue" USING btree ("next_attempt_at") WHERE "sandbox_sp_ipn_queue"."delivered_at" is null and "sandbox_sp_ipn_queue"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "sandbox_sp_refunds_transaction_idx" ON "sandbox_sp_refunds" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "sandbox_sp_tokens_registration_idx" ON "sandbox_sp_tokens" USING btree ("registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_sp_transactions_order_ref_key" ON "sandbox_sp_transactions" USING btree ("merchant","order_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_sp_transactions_page_token_key" ON "sandbox_sp_transactions" USING btree ("page_token");--> statement-breakpoint
CREATE INDEX "sandbox_sp_transactions_open_idx" ON "sandbox_sp_transactions" USING btree ("status") WHERE "sandbox_sp_transactions"."status" in ('INIT', 'INPAYMENT', 'AUTHORIZED');