CREATE TABLE "roaming_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"country_code" text NOT NULL,
	"party_id" text NOT NULL,
	"uid" text NOT NULL,
	"uid_key" text NOT NULL,
	"type" text NOT NULL,
	"contract_id" text NOT NULL,
	"valid" boolean NOT NULL,
	"whitelist" text NOT NULL,
	"last_updated" timestamp with time zone NOT NULL,
	"object" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roaming_tokens" ADD CONSTRAINT "roaming_tokens_partner_id_roaming_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."roaming_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "roaming_tokens_key" ON "roaming_tokens" USING btree ("country_code","party_id","uid_key","type");--> statement-breakpoint
CREATE INDEX "roaming_tokens_uid_idx" ON "roaming_tokens" USING btree ("uid_key","type");