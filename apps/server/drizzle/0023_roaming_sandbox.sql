CREATE TABLE "sandbox_ocpi_locations" (
	"id" text PRIMARY KEY NOT NULL,
	"object" jsonb NOT NULL,
	"last_updated" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_ocpi_peers" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text,
	"country_code" text,
	"party_id" text,
	"status" text NOT NULL,
	"issued_token_hash" text,
	"issued_token_kind" text,
	"handshake_token_hash" text,
	"their_token" text,
	"versions_url" text,
	"endpoints" jsonb,
	"roles" jsonb,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_ocpi_status_pushes" (
	"evse_uid" text PRIMARY KEY NOT NULL,
	"location_id" text NOT NULL,
	"status" text NOT NULL,
	"last_updated" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "sandbox_ocpi_tariffs" (
	"id" text PRIMARY KEY NOT NULL,
	"object" jsonb NOT NULL,
	"last_updated" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_ocpi_locations_updated_idx" ON "sandbox_ocpi_locations" USING btree ("last_updated");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_ocpi_peers_label_key" ON "sandbox_ocpi_peers" USING btree ("label") WHERE "sandbox_ocpi_peers"."label" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_ocpi_peers_issued_token_key" ON "sandbox_ocpi_peers" USING btree ("issued_token_hash") WHERE "sandbox_ocpi_peers"."issued_token_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_ocpi_peers_handshake_token_key" ON "sandbox_ocpi_peers" USING btree ("handshake_token_hash") WHERE "sandbox_ocpi_peers"."handshake_token_hash" is not null;--> statement-breakpoint
CREATE INDEX "sandbox_ocpi_status_pushes_due_idx" ON "sandbox_ocpi_status_pushes" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "sandbox_ocpi_tariffs_updated_idx" ON "sandbox_ocpi_tariffs" USING btree ("last_updated");