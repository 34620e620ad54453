CREATE TABLE "roaming_commands" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"command" text NOT NULL,
	"request" jsonb NOT NULL,
	"response_url" text NOT NULL,
	"response" jsonb NOT NULL,
	"charger_id" integer,
	"charge_point_id" text NOT NULL,
	"connector_id" integer NOT NULL,
	"id_tag" text,
	"id_tag_key" text,
	"token_country_code" text,
	"token_party_id" text,
	"token_type" text,
	"authorization_reference" text,
	"transaction_id" integer,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"result" text,
	"result_message" text,
	"post_attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"posted_at" timestamp with time zone,
	"post_abandoned_at" timestamp with time zone,
	"last_post_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roaming_commands" ADD CONSTRAINT "roaming_commands_partner_id_roaming_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."roaming_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "roaming_commands_response_url_key" ON "roaming_commands" USING btree ("partner_id","response_url");--> statement-breakpoint
CREATE INDEX "roaming_commands_start_idx" ON "roaming_commands" USING btree ("charge_point_id","connector_id","id_tag_key");--> statement-breakpoint
CREATE INDEX "roaming_commands_open_idx" ON "roaming_commands" USING btree ("deadline_at") WHERE status <> 'DONE';--> statement-breakpoint
CREATE INDEX "roaming_commands_post_idx" ON "roaming_commands" USING btree ("next_attempt_at") WHERE result is not null and posted_at is null and post_abandoned_at is null;