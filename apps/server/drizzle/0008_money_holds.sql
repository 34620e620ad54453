CREATE TABLE "money_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"payment_id" integer,
	"cause" text NOT NULL,
	"status" text NOT NULL,
	"captured_amount" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "money_holds" ADD CONSTRAINT "money_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_holds" ADD CONSTRAINT "money_holds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "money_holds_cause_key" ON "money_holds" USING btree ("cause");--> statement-breakpoint
CREATE INDEX "money_holds_user_idx" ON "money_holds" USING btree ("user_id");