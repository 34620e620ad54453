CREATE TABLE "roaming_emsp_authorizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"partner_id" integer NOT NULL,
	"token_id" integer NOT NULL,
	"allowed" text NOT NULL,
	"location" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roaming_emsp_cdrs" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"country_code" text NOT NULL,
	"party_id" text NOT NULL,
	"cdr_id" text NOT NULL,
	"cdr_key" text NOT NULL,
	"session_id" text,
	"token_uid" text NOT NULL,
	"user_id" integer,
	"authorization_reference" text,
	"currency" text NOT NULL,
	"total_cost_excl_vat" double precision NOT NULL,
	"total_cost_incl_vat" double precision,
	"object" jsonb NOT NULL,
	"last_updated" timestamp with time zone NOT NULL,
	"billing" text NOT NULL,
	"billed_amount" integer,
	"paid_amount" integer,
	"earned_points" integer,
	"billed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roaming_emsp_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"country_code" text NOT NULL,
	"party_id" text NOT NULL,
	"session_id" text NOT NULL,
	"session_key" text NOT NULL,
	"token_uid" text NOT NULL,
	"user_id" integer,
	"status" text NOT NULL,
	"kwh" double precision NOT NULL,
	"currency" text NOT NULL,
	"total_cost" double precision,
	"authorization_reference" text,
	"last_updated" timestamp with time zone NOT NULL,
	"object" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roaming_emsp_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"uid" text NOT NULL,
	"contract_id" text NOT NULL,
	"valid" boolean DEFAULT true NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roaming_emsp_authorizations" ADD CONSTRAINT "roaming_emsp_authorizations_partner_id_roaming_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."roaming_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roaming_emsp_authorizations" ADD CONSTRAINT "roaming_emsp_authorizations_token_id_roaming_emsp_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."roaming_emsp_tokens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roaming_emsp_cdrs" ADD CONSTRAINT "roaming_emsp_cdrs_partner_id_roaming_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."roaming_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roaming_emsp_cdrs" ADD CONSTRAINT "roaming_emsp_cdrs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roaming_emsp_sessions" ADD CONSTRAINT "roaming_emsp_sessions_partner_id_roaming_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."roaming_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roaming_emsp_sessions" ADD CONSTRAINT "roaming_emsp_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roaming_emsp_tokens" ADD CONSTRAINT "roaming_emsp_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "roaming_emsp_authorizations_reference_key" ON "roaming_emsp_authorizations" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "roaming_emsp_cdrs_key" ON "roaming_emsp_cdrs" USING btree ("partner_id","country_code","party_id","cdr_key");--> statement-breakpoint
CREATE INDEX "roaming_emsp_cdrs_user_idx" ON "roaming_emsp_cdrs" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roaming_emsp_sessions_key" ON "roaming_emsp_sessions" USING btree ("partner_id","country_code","party_id","session_key");--> statement-breakpoint
CREATE INDEX "roaming_emsp_sessions_user_idx" ON "roaming_emsp_sessions" USING btree ("user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "roaming_emsp_tokens_uid_key" ON "roaming_emsp_tokens" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "roaming_emsp_tokens_contract_key" ON "roaming_emsp_tokens" USING btree ("contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roaming_emsp_tokens_user_key" ON "roaming_emsp_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "roaming_emsp_tokens_updated_idx" ON "roaming_emsp_tokens" USING btree ("last_updated");