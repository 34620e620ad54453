ALTER TABLE "cards" ADD COLUMN "recurring" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "cards" SET "recurring" = true
WHERE "id" IN (SELECT "card_id" FROM "card_recurring_tokens")
  AND ("status" <> 'processing' OR "id" IN (
    SELECT max(c."id") FROM "cards" c
    WHERE c."status" = 'processing' AND c."id" IN (SELECT "card_id" FROM "card_recurring_tokens")
    GROUP BY c."user_id"));--> statement-breakpoint
CREATE UNIQUE INDEX "cards_pending_recurring_key" ON "cards" USING btree ("user_id") WHERE "cards"."status" = 'processing' and "cards"."recurring";
