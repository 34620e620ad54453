ALTER TABLE "chargers" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "charging_tariffs" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "chargers" SET "updated_at" = "created_at";--> statement-breakpoint
UPDATE "charging_tariffs" SET "updated_at" = "created_at";--> statement-breakpoint
-- Change times for OCPI last_updated (roaming, open data), kept by the database so that every
-- writer, present or future, moves them (a writer that sets updated_at itself is kept).
CREATE FUNCTION "touch_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "charging_tariffs_touch" BEFORE UPDATE ON "charging_tariffs" FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "touch_updated_at"();--> statement-breakpoint
CREATE TRIGGER "locations_touch" BEFORE UPDATE ON "locations" FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "touch_updated_at"();--> statement-breakpoint
-- Only what the connector is; status reports (status, ocpp_status, status_changed_at) do not
-- fire it, so the OCPP hot path pays nothing.
CREATE TRIGGER "chargers_touch" BEFORE UPDATE OF "charge_point_id", "connector_id", "name", "short_name", "outlet_type", "power_kw", "tariff_id", "active", "out_of_service" ON "chargers" FOR EACH ROW
  WHEN ((OLD.charge_point_id, OLD.connector_id, OLD.name, OLD.short_name, OLD.outlet_type, OLD.power_kw, OLD.tariff_id, OLD.active, OLD.out_of_service)
    IS DISTINCT FROM (NEW.charge_point_id, NEW.connector_id, NEW.name, NEW.short_name, NEW.outlet_type, NEW.power_kw, NEW.tariff_id, NEW.active, NEW.out_of_service))
  EXECUTE FUNCTION "touch_updated_at"();--> statement-breakpoint
-- A connector or charge point that is deleted leaves no row behind: its location's change time
-- records that it is gone.
CREATE FUNCTION "charger_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE locations SET updated_at = now()
    WHERE id = (SELECT location_id FROM charge_points WHERE id = OLD.charge_point_id);
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "chargers_gone" AFTER DELETE ON "chargers" FOR EACH ROW
  EXECUTE FUNCTION "charger_gone"();--> statement-breakpoint
CREATE FUNCTION "charge_point_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE locations SET updated_at = now() WHERE id = OLD.location_id;
  IF TG_OP = 'UPDATE' THEN
    UPDATE locations SET updated_at = now() WHERE id = NEW.location_id;
    RETURN NEW;
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "charge_points_gone" AFTER DELETE ON "charge_points" FOR EACH ROW
  EXECUTE FUNCTION "charge_point_moved"();--> statement-breakpoint
CREATE TRIGGER "charge_points_moved" AFTER UPDATE OF "location_id" ON "charge_points" FOR EACH ROW
  WHEN (OLD.location_id IS DISTINCT FROM NEW.location_id) EXECUTE FUNCTION "charge_point_moved"();
