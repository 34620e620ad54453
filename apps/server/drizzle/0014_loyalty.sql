CREATE TABLE "coupon_categories" (
	"key" text PRIMARY KEY NOT NULL,
	"name_hu" text NOT NULL,
	"name_en" text NOT NULL,
	"order_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"type" text NOT NULL,
	"name_hu" text NOT NULL,
	"name_en" text NOT NULL,
	"price" integer NOT NULL,
	"price_unit" text NOT NULL,
	"discount_percent" integer,
	"condition_hu" text,
	"condition_en" text,
	"description_url" text,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"cities" text[] DEFAULT '{}'::text[] NOT NULL,
	"style_class" text,
	"active_time_in_minutes" integer DEFAULT 60 NOT NULL,
	"activation_url" text,
	"activation_url_description_hu" text,
	"activation_url_description_en" text,
	"stock" integer,
	"active" boolean DEFAULT true NOT NULL,
	"order_number" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "online_wallet_deposits" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"reference" text NOT NULL,
	"request_id" text,
	"email" text NOT NULL,
	"amount" integer NOT NULL,
	"create_account" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"refusal_code" text,
	"partner_deposit_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "online_wallet_sandbox_accounts" (
	"email" text PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"data_policy_accepted_at" timestamp with time zone NOT NULL,
	"terms_accepted_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "online_wallet_sandbox_deposits" (
	"reference" text PRIMARY KEY NOT NULL,
	"id" serial NOT NULL,
	"email" text NOT NULL,
	"points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_shop_pois" (
	"shop_id" integer NOT NULL,
	"poi_id" integer NOT NULL,
	CONSTRAINT "partner_shop_pois_shop_id_poi_id_pk" PRIMARY KEY("shop_id","poi_id")
);
--> statement-breakpoint
CREATE TABLE "partner_shops" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_providers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"offer_id" integer,
	"code" text NOT NULL,
	"points" integer,
	"price_ft" integer,
	"activated_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"used_by_user_id" integer,
	"used_at_shop_id" integer,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "points_ledger" ADD COLUMN "reason" text DEFAULT 'CHARGE' NOT NULL;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD COLUMN "charge_id" integer;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "coupon_offers" ADD CONSTRAINT "coupon_offers_shop_id_partner_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."partner_shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_wallet_deposits" ADD CONSTRAINT "online_wallet_deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_shop_pois" ADD CONSTRAINT "partner_shop_pois_shop_id_partner_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."partner_shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_shop_pois" ADD CONSTRAINT "partner_shop_pois_poi_id_pois_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."pois"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_accounts" ADD CONSTRAINT "points_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_shop_id_partner_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."partner_shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD CONSTRAINT "user_coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD CONSTRAINT "user_coupons_offer_id_coupon_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."coupon_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD CONSTRAINT "user_coupons_used_by_user_id_users_id_fk" FOREIGN KEY ("used_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD CONSTRAINT "user_coupons_used_at_shop_id_partner_shops_id_fk" FOREIGN KEY ("used_at_shop_id") REFERENCES "public"."partner_shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_offers_shop_idx" ON "coupon_offers" USING btree ("shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "online_wallet_deposits_reference_key" ON "online_wallet_deposits" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "online_wallet_deposits_request_key" ON "online_wallet_deposits" USING btree ("user_id","request_id") WHERE "online_wallet_deposits"."request_id" is not null;--> statement-breakpoint
CREATE INDEX "online_wallet_deposits_pending_idx" ON "online_wallet_deposits" USING btree ("created_at") WHERE "online_wallet_deposits"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "partner_shop_pois_poi_idx" ON "partner_shop_pois" USING btree ("poi_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_shops_name_key" ON "partner_shops" USING btree ("name");--> statement-breakpoint
CREATE INDEX "service_providers_shop_idx" ON "service_providers" USING btree ("shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_coupons_code_key" ON "user_coupons" USING btree ("code");--> statement-breakpoint
CREATE INDEX "user_coupons_user_idx" ON "user_coupons" USING btree ("user_id");