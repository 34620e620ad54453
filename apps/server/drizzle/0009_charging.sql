CREATE TABLE "charge_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"row_number" integer GENERATED ALWAYS AS IDENTITY (sequence name "charge_receipts_row_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 100001 CACHE 1),
	"user_id" integer NOT NULL,
	"charge_id" integer NOT NULL,
	"energy_wh" bigint NOT NULL,
	"gross_price" integer NOT NULL,
	"paid_amount" integer NOT NULL,
	"paid_at" timestamp with time zone,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"charger_id" integer NOT NULL,
	"status" text NOT NULL,
	"payment_method" text NOT NULL,
	"casual" boolean DEFAULT false NOT NULL,
	"id_tag" text NOT NULL,
	"car_id" integer,
	"billing_data_id" integer,
	"park_code" text,
	"booked_minutes" integer,
	"booked_amount" integer,
	"booked_energy_wh" integer,
	"hold_amount" integer DEFAULT 0 NOT NULL,
	"free_charging" boolean NOT NULL,
	"unit_charging_gross" integer NOT NULL,
	"convenience_fee_gross" integer NOT NULL,
	"parking_enabled" boolean NOT NULL,
	"minutes_after_parking_start" integer NOT NULL,
	"unit_parking_gross" integer NOT NULL,
	"payment_url" text,
	"payment_deadline" timestamp with time zone,
	"start_deadline" timestamp with time zone,
	"remote_start_sent_at" timestamp with time zone,
	"ocpp_transaction_id" integer,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"auto_stop_at" timestamp with time zone,
	"stop_requested_at" timestamp with time zone,
	"unplugged_at" timestamp with time zone,
	"energy_wh" bigint,
	"price_of_charging" integer,
	"parking_price" integer,
	"gross_price" integer,
	"earned_points" integer DEFAULT 0 NOT NULL,
	"end_reason" text,
	"settle_claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"cause" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "charge_receipts" ADD CONSTRAINT "charge_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_receipts" ADD CONSTRAINT "charge_receipts_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_charger_id_chargers_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."chargers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charge_receipts_row_key" ON "charge_receipts" USING btree ("row_number");--> statement-breakpoint
CREATE UNIQUE INDEX "charge_receipts_charge_key" ON "charge_receipts" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "charge_receipts_user_idx" ON "charge_receipts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_user_active_key" ON "charges" USING btree ("user_id") WHERE "charges"."status" <> 'FINISHED';--> statement-breakpoint
CREATE UNIQUE INDEX "charges_charger_active_key" ON "charges" USING btree ("charger_id") WHERE "charges"."status" <> 'FINISHED';--> statement-breakpoint
CREATE UNIQUE INDEX "charges_id_tag_key" ON "charges" USING btree ("id_tag");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_ocpp_transaction_key" ON "charges" USING btree ("ocpp_transaction_id");--> statement-breakpoint
CREATE INDEX "charges_user_end_idx" ON "charges" USING btree ("user_id","end_time");--> statement-breakpoint
CREATE INDEX "charges_open_idx" ON "charges" USING btree ("status") WHERE "charges"."status" <> 'FINISHED';--> statement-breakpoint
CREATE UNIQUE INDEX "points_ledger_cause_key" ON "points_ledger" USING btree ("cause");--> statement-breakpoint
CREATE INDEX "points_user_idx" ON "points_ledger" USING btree ("user_id");