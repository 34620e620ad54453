ALTER TABLE "parking_receipts" ADD COLUMN "charging_minutes" integer;--> statement-breakpoint
ALTER TABLE "parking_sessions" ADD COLUMN "charging_minutes" integer;