CREATE TABLE "roaming_cdrs" (
	"pk" serial PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"session_pk" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"object" jsonb NOT NULL,
	"last_updated" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roaming_pushes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"kind" text NOT NULL,
	"session_pk" integer NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"dropped_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roaming_sessions" (
	"pk" serial PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"ocpp_transaction_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"cdr_token" jsonb NOT NULL,
	"auth_method" text NOT NULL,
	"authorization_reference" text,
	"charger_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"tariff_id" integer,
	"tariff" jsonb,
	"prices" jsonb,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"energy_wh" bigint DEFAULT 0 NOT NULL,
	"meter_at" timestamp with time zone,
	"status" text NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roaming_cdrs" ADD CONSTRAINT "roaming_cdrs_session_pk_roaming_sessions_pk_fk" FOREIGN KEY ("session_pk") REFERENCES "public"."roaming_sessions"("pk") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roaming_cdrs" ADD CONSTRAINT "roaming_cdrs_partner_id_roaming_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."roaming_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roaming_pushes" ADD CONSTRAINT "roaming_pushes_partner_id_roaming_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."roaming_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roaming_pushes" ADD CONSTRAINT "roaming_pushes_session_pk_roaming_sessions_pk_fk" FOREIGN KEY ("session_pk") REFERENCES "public"."roaming_sessions"("pk") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roaming_sessions" ADD CONSTRAINT "roaming_sessions_ocpp_transaction_id_ocpp_transactions_id_fk" FOREIGN KEY ("ocpp_transaction_id") REFERENCES "public"."ocpp_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roaming_sessions" ADD CONSTRAINT "roaming_sessions_partner_id_roaming_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."roaming_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "roaming_cdrs_id_key" ON "roaming_cdrs" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "roaming_cdrs_session_key" ON "roaming_cdrs" USING btree ("session_pk");--> statement-breakpoint
CREATE INDEX "roaming_cdrs_partner_idx" ON "roaming_cdrs" USING btree ("partner_id","last_updated");--> statement-breakpoint
CREATE UNIQUE INDEX "roaming_pushes_pending_key" ON "roaming_pushes" USING btree ("session_pk","kind") WHERE "roaming_pushes"."delivered_at" is null and "roaming_pushes"."dropped_at" is null;--> statement-breakpoint
CREATE INDEX "roaming_pushes_due_idx" ON "roaming_pushes" USING btree ("next_attempt_at") WHERE "roaming_pushes"."delivered_at" is null and "roaming_pushes"."dropped_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "roaming_sessions_id_key" ON "roaming_sessions" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "roaming_sessions_transaction_key" ON "roaming_sessions" USING btree ("ocpp_transaction_id");--> statement-breakpoint
CREATE INDEX "roaming_sessions_partner_idx" ON "roaming_sessions" USING btree ("partner_id","last_updated");--> statement-breakpoint
CREATE INDEX "roaming_sessions_active_idx" ON "roaming_sessions" USING btree ("ocpp_transaction_id") WHERE "roaming_sessions"."status" = 'ACTIVE';