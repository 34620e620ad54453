DROP INDEX "roaming_emsp_charge_requests_live_key";--> statement-breakpoint
ALTER TABLE "roaming_emsp_charge_requests" ADD COLUMN "payment_method" text DEFAULT 'WALLET' NOT NULL;--> statement-breakpoint
ALTER TABLE "roaming_emsp_charge_requests" ADD COLUMN "payment_url" text;--> statement-breakpoint
CREATE UNIQUE INDEX "roaming_emsp_charge_requests_live_key" ON "roaming_emsp_charge_requests" USING btree ("user_id") WHERE status in ('PAYING', 'REQUESTED', 'ACCEPTED', 'STARTED', 'STOPPING');