CREATE TABLE "roaming_partner_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"country_code" text NOT NULL,
	"party_id" text NOT NULL,
	"location_id" text NOT NULL,
	"location_key" text NOT NULL,
	"name" text,
	"city" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"publish" boolean NOT NULL,
	"evse_count" integer NOT NULL,
	"available_evse_count" integer NOT NULL,
	"connector_count" integer NOT NULL,
	"max_power_w" integer,
	"status_counts" jsonb NOT NULL,
	"last_updated" timestamp with time zone NOT NULL,
	"object" jsonb NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roaming_partner_pulls" (
	"partner_id" integer PRIMARY KEY NOT NULL,
	"next_pull_at" timestamp with time zone NOT NULL,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"locations_since" timestamp with time zone,
	"tariffs_since" timestamp with time zone,
	"last_full_pull_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"failures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roaming_partner_tariffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"country_code" text NOT NULL,
	"party_id" text NOT NULL,
	"tariff_id" text NOT NULL,
	"tariff_key" text NOT NULL,
	"currency" text NOT NULL,
	"last_updated" timestamp with time zone NOT NULL,
	"object" jsonb NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roaming_partner_locations" ADD CONSTRAINT "roaming_partner_locations_partner_id_roaming_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."roaming_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roaming_partner_pulls" ADD CONSTRAINT "roaming_partner_pulls_partner_id_roaming_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."roaming_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roaming_partner_tariffs" ADD CONSTRAINT "roaming_partner_tariffs_partner_id_roaming_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."roaming_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "roaming_partner_locations_key" ON "roaming_partner_locations" USING btree ("partner_id","country_code","party_id","location_key");--> statement-breakpoint
CREATE INDEX "roaming_partner_locations_map_idx" ON "roaming_partner_locations" USING btree ("lat","lng");--> statement-breakpoint
CREATE UNIQUE INDEX "roaming_partner_tariffs_key" ON "roaming_partner_tariffs" USING btree ("partner_id","country_code","party_id","tariff_key");