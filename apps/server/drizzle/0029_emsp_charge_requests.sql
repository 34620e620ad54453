CREATE TABLE "roaming_emsp_charge_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"country_code" text NOT NULL,
	"party_id" text NOT NULL,
	"location_id" text NOT NULL,
	"evse_uid" text NOT NULL,
	"connector_id" text,
	"authorization_reference" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"pending_command" text,
	"result_key" text,
	"result_due_at" timestamp with time zone,
	"session_id" text,
	"message" text,
	"billed_amount" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roaming_emsp_charge_requests" ADD CONSTRAINT "roaming_emsp_charge_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roaming_emsp_charge_requests" ADD CONSTRAINT "roaming_emsp_charge_requests_partner_id_roaming_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."roaming_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "roaming_emsp_charge_requests_reference_key" ON "roaming_emsp_charge_requests" USING btree ("authorization_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "roaming_emsp_charge_requests_result_key" ON "roaming_emsp_charge_requests" USING btree ("result_key");--> statement-breakpoint
CREATE UNIQUE INDEX "roaming_emsp_charge_requests_live_key" ON "roaming_emsp_charge_requests" USING btree ("user_id") WHERE status in ('REQUESTED', 'ACCEPTED', 'STARTED', 'STOPPING');--> statement-breakpoint
CREATE INDEX "roaming_emsp_charge_requests_due_idx" ON "roaming_emsp_charge_requests" USING btree ("result_due_at");