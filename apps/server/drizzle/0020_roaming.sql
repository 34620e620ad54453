CREATE TABLE "ocpi_call_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"direction" text NOT NULL,
	"partner_id" integer,
	"method" text NOT NULL,
	"url" text NOT NULL,
	"module" text,
	"http_status" integer,
	"ocpi_status" integer,
	"request_id" text,
	"correlation_id" text,
	"duration_ms" integer NOT NULL,
	"request_body" jsonb,
	"response_body" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roaming_partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_code" text NOT NULL,
	"party_id" text NOT NULL,
	"role" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"issued_token_hash" text,
	"issued_token_kind" text,
	"handshake_token_hash" text,
	"their_token" text,
	"versions_url" text,
	"version" text,
	"endpoints" jsonb,
	"roles" jsonb,
	"registered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ocpi_call_log" ADD CONSTRAINT "ocpi_call_log_partner_id_roaming_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."roaming_partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ocpi_call_log_partner_idx" ON "ocpi_call_log" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "ocpi_call_log_correlation_idx" ON "ocpi_call_log" USING btree ("correlation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roaming_partners_party_key" ON "roaming_partners" USING btree ("country_code","party_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roaming_partners_issued_token_key" ON "roaming_partners" USING btree ("issued_token_hash") WHERE "roaming_partners"."issued_token_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "roaming_partners_handshake_token_key" ON "roaming_partners" USING btree ("handshake_token_hash") WHERE "roaming_partners"."handshake_token_hash" is not null;