ALTER TABLE "parking_receipts" ADD COLUMN "billed_minutes" integer;--> statement-breakpoint
ALTER TABLE "parking_receipts" ADD COLUMN "gross_unit_parking" integer;--> statement-breakpoint
ALTER TABLE "parking_receipts" ADD COLUMN "free_minutes" integer;--> statement-breakpoint
ALTER TABLE "parking_receipts" ADD COLUMN "convenience_fee_gross" integer;--> statement-breakpoint
ALTER TABLE "parking_sessions" ADD COLUMN "billed_minutes" integer;