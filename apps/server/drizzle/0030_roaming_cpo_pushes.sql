CREATE TABLE "roaming_authorizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"token_id" integer NOT NULL,
	"charge_point_id" text NOT NULL,
	"id_tag_key" text NOT NULL,
	"status" text NOT NULL,
	"allowed" text,
	"method" text NOT NULL,
	"authorization_reference" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roaming_object_pushes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"kind" text NOT NULL,
	"object_id" integer NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"dropped_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roaming_authorizations" ADD CONSTRAINT "roaming_authorizations_partner_id_roaming_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."roaming_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roaming_authorizations" ADD CONSTRAINT "roaming_authorizations_token_id_roaming_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."roaming_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roaming_object_pushes" ADD CONSTRAINT "roaming_object_pushes_partner_id_roaming_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."roaming_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roaming_authorizations_tag_idx" ON "roaming_authorizations" USING btree ("id_tag_key","charge_point_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "roaming_object_pushes_pending_key" ON "roaming_object_pushes" USING btree ("partner_id","kind","object_id") WHERE "roaming_object_pushes"."delivered_at" is null and "roaming_object_pushes"."dropped_at" is null;--> statement-breakpoint
CREATE INDEX "roaming_object_pushes_due_idx" ON "roaming_object_pushes" USING btree ("next_attempt_at") WHERE "roaming_object_pushes"."delivered_at" is null and "roaming_object_pushes"."dropped_at" is null;--> statement-breakpoint
-- Pushes of our Locations and Tariffs to eMSP partners (decision 0044), queued by the database
-- in the transaction of the change, so every writer (OCPP status reports, the offline sweep, the
-- operator's CLI, data edits) is covered. One pending row per partner, kind and object: a later
-- change joins it (generation + 1); a row waiting for a retry keeps its backoff.
CREATE FUNCTION "roaming_push_enqueue"(p_kind text, p_object integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_object IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO roaming_object_pushes (partner_id, kind, object_id)
    SELECT p.id, p_kind, p_object FROM roaming_partners p
    WHERE p.status = 'REGISTERED' AND p.role = 'EMSP'
      AND p.endpoints @> jsonb_build_array(jsonb_build_object(
        'identifier', CASE WHEN p_kind = 'TARIFF' THEN 'tariffs' ELSE 'locations' END,
        'role', 'RECEIVER'))
  ON CONFLICT (partner_id, kind, object_id) WHERE delivered_at IS NULL AND dropped_at IS NULL
  DO UPDATE SET generation = roaming_object_pushes.generation + 1,
    next_attempt_at = CASE WHEN roaming_object_pushes.attempts = 0
      THEN least(roaming_object_pushes.next_attempt_at, now())
      ELSE roaming_object_pushes.next_attempt_at END;
END $$;--> statement-breakpoint
-- A roaming location is a site with chargers (parking-only sites and partners' mirrored sites
-- are not).
CREATE FUNCTION "roaming_push_location"(p_location integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM charge_points WHERE location_id = p_location) THEN
    PERFORM roaming_push_enqueue('LOCATION', p_location);
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "roaming_push_charger_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM roaming_push_enqueue('EVSE', NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "chargers_roaming_status_push" AFTER UPDATE OF "status" ON "chargers" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION "roaming_push_charger_status"();--> statement-breakpoint
CREATE FUNCTION "roaming_push_charger_data"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM roaming_push_location((SELECT location_id FROM charge_points WHERE id = NEW.charge_point_id));
  IF TG_OP = 'UPDATE' AND OLD.charge_point_id IS DISTINCT FROM NEW.charge_point_id THEN
    PERFORM roaming_push_location((SELECT location_id FROM charge_points WHERE id = OLD.charge_point_id));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "chargers_roaming_added_push" AFTER INSERT ON "chargers" FOR EACH ROW
  EXECUTE FUNCTION "roaming_push_charger_data"();--> statement-breakpoint
CREATE TRIGGER "chargers_roaming_data_push" AFTER UPDATE OF "charge_point_id", "connector_id", "name", "short_name", "outlet_type", "power_kw", "tariff_id", "active", "out_of_service" ON "chargers" FOR EACH ROW
  WHEN ((OLD.charge_point_id, OLD.connector_id, OLD.name, OLD.short_name, OLD.outlet_type, OLD.power_kw, OLD.tariff_id, OLD.active, OLD.out_of_service)
    IS DISTINCT FROM (NEW.charge_point_id, NEW.connector_id, NEW.name, NEW.short_name, NEW.outlet_type, NEW.power_kw, NEW.tariff_id, NEW.active, NEW.out_of_service))
  EXECUTE FUNCTION "roaming_push_charger_data"();--> statement-breakpoint
CREATE FUNCTION "roaming_push_charge_point_data"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM roaming_push_location(NEW.location_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "charge_points_roaming_data_push" AFTER UPDATE OF "disabled", "current_type", "can_start_new_charge_while_in_finishing_state" ON "charge_points" FOR EACH ROW
  WHEN ((OLD.disabled, OLD.current_type, OLD.can_start_new_charge_while_in_finishing_state)
    IS DISTINCT FROM (NEW.disabled, NEW.current_type, NEW.can_start_new_charge_while_in_finishing_state))
  EXECUTE FUNCTION "roaming_push_charge_point_data"();--> statement-breakpoint
-- Any change of a site (a moved or deleted charge point or charger moves its updated_at, 0018).
CREATE FUNCTION "roaming_push_location_data"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM roaming_push_location(NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "locations_roaming_data_push" AFTER UPDATE ON "locations" FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION "roaming_push_location_data"();--> statement-breakpoint
-- Price settings: PUT on a change, DELETE when deleted or made inactive (the sender reads which);
-- a change of `active` also changes the tariff_ids of the connectors that use it.
CREATE FUNCTION "roaming_push_tariff"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  l integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM roaming_push_enqueue('TARIFF', OLD.id);
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' AND NOT NEW.active THEN
    RETURN NULL;
  END IF;
  PERFORM roaming_push_enqueue('TARIFF', NEW.id);
  IF TG_OP = 'UPDATE' AND OLD.active IS DISTINCT FROM NEW.active THEN
    FOR l IN SELECT DISTINCT cp.location_id FROM chargers c
        JOIN charge_points cp ON cp.id = c.charge_point_id WHERE c.tariff_id = NEW.id LOOP
      PERFORM roaming_push_enqueue('LOCATION', l);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "charging_tariffs_roaming_push" AFTER INSERT OR DELETE ON "charging_tariffs" FOR EACH ROW
  EXECUTE FUNCTION "roaming_push_tariff"();--> statement-breakpoint
CREATE TRIGGER "charging_tariffs_roaming_change_push" AFTER UPDATE ON "charging_tariffs" FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION "roaming_push_tariff"();
