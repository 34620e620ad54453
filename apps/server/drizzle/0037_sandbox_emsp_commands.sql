CREATE TABLE "sandbox_emsp_commands" (
	"id" text PRIMARY KEY NOT NULL,
	"command" text NOT NULL,
	"token_uid" text,
	"location_id" text,
	"evse_uid" text,
	"session_id" text,
	"response" text,
	"call_error" text,
	"result" text,
	"response_message" jsonb,
	"result_message" jsonb,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
