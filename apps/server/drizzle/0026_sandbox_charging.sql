CREATE TABLE "sandbox_ocpi_cdrs" (
	"id" text PRIMARY KEY NOT NULL,
	"peer_id" integer NOT NULL,
	"session_id" text NOT NULL,
	"object" jsonb NOT NULL,
	"last_updated" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "sandbox_ocpi_commands" (
	"id" serial PRIMARY KEY NOT NULL,
	"peer_id" integer NOT NULL,
	"type" text NOT NULL,
	"request" jsonb NOT NULL,
	"response_url" text NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"result" text,
	"result_message" text,
	"session_id" text,
	"result_delivered_at" timestamp with time zone,
	"result_attempts" integer DEFAULT 0 NOT NULL,
	"result_next_attempt_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_ocpi_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"peer_id" integer NOT NULL,
	"status" text NOT NULL,
	"location_id" text NOT NULL,
	"evse_uid" text NOT NULL,
	"power_w" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"metered_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"object" jsonb NOT NULL,
	"last_updated" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"pushed_version" integer DEFAULT 0 NOT NULL,
	"next_meter_at" timestamp with time zone NOT NULL,
	"push_attempts" integer DEFAULT 0 NOT NULL,
	"next_push_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_ocpi_cdrs_session_key" ON "sandbox_ocpi_cdrs" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "sandbox_ocpi_cdrs_peer_updated_idx" ON "sandbox_ocpi_cdrs" USING btree ("peer_id","last_updated");--> statement-breakpoint
CREATE INDEX "sandbox_ocpi_cdrs_due_idx" ON "sandbox_ocpi_cdrs" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "sandbox_ocpi_commands_due_idx" ON "sandbox_ocpi_commands" USING btree ("state","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_ocpi_commands_response_url_key" ON "sandbox_ocpi_commands" USING btree ("peer_id","type","response_url");--> statement-breakpoint
CREATE INDEX "sandbox_ocpi_commands_result_idx" ON "sandbox_ocpi_commands" USING btree ("result_next_attempt_at");--> statement-breakpoint
CREATE INDEX "sandbox_ocpi_sessions_peer_updated_idx" ON "sandbox_ocpi_sessions" USING btree ("peer_id","last_updated");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_ocpi_sessions_active_evse_key" ON "sandbox_ocpi_sessions" USING btree ("evse_uid") WHERE "sandbox_ocpi_sessions"."status" = 'ACTIVE';