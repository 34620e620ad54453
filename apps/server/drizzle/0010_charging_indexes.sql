DROP INDEX "charges_charger_active_key";--> statement-breakpoint
CREATE INDEX "charge_receipts_unpaid_idx" ON "charge_receipts" USING btree ("id") WHERE "charge_receipts"."paid_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_charger_running_key" ON "charges" USING btree ("charger_id") WHERE "charges"."status" in ('NEW', 'RESERVED', 'STARTING', 'STARTED');