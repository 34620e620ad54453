CREATE TABLE "sandbox_emsp_objects" (
	"kind" text NOT NULL,
	"country_code" text NOT NULL,
	"party_id" text NOT NULL,
	"id" text NOT NULL,
	"object" jsonb NOT NULL,
	"last_updated" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_emsp_objects_kind_country_code_party_id_id_pk" PRIMARY KEY("kind","country_code","party_id","id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_emsp_platform" (
	"label" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"issued_token_hash" text,
	"their_token" text,
	"endpoints" jsonb,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
