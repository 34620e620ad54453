CREATE TABLE "card_recurring_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"sealed_token" text NOT NULL,
	"max_amount" integer NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"payment_id" integer,
	"cause" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "card_recurring_tokens" ADD CONSTRAINT "card_recurring_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_recurring_tokens" ADD CONSTRAINT "card_recurring_tokens_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_recurring_tokens" ADD CONSTRAINT "card_recurring_tokens_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_recurring_tokens_user_idx" ON "card_recurring_tokens" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "card_recurring_tokens_card_idx" ON "card_recurring_tokens" USING btree ("card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_recurring_tokens_payment_key" ON "card_recurring_tokens" USING btree ("payment_id");