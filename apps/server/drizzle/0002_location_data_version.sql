-- The map's location list is built once per data version and kept in memory (with its gzip and
-- brotli bytes). Any write that can change that list advances this sequence, whoever the writer
-- is (seed, OCPP status updates, admin tools, another replica). A sequence takes no row lock,
-- so busy writers never queue on it; readers compare `last_value` with the cached version.
CREATE SEQUENCE IF NOT EXISTS "location_data_version";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_location_data_version"() RETURNS trigger AS $$
BEGIN
  PERFORM nextval('location_data_version');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "locations_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "locations"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_location_data_version"();
--> statement-breakpoint
CREATE TRIGGER "charge_points_data_version_ins_del" AFTER INSERT OR DELETE OR TRUNCATE ON "charge_points"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_location_data_version"();
--> statement-breakpoint
CREATE TRIGGER "charge_points_data_version_upd" AFTER UPDATE OF "location_id", "current_type" ON "charge_points"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_location_data_version"();
--> statement-breakpoint
CREATE TRIGGER "chargers_data_version_ins_del" AFTER INSERT OR DELETE OR TRUNCATE ON "chargers"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_location_data_version"();
--> statement-breakpoint
CREATE TRIGGER "chargers_data_version_upd" AFTER UPDATE OF "status", "outlet_type", "power_kw", "active", "charge_point_id", "tariff_id" ON "chargers"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_location_data_version"();
--> statement-breakpoint
CREATE TRIGGER "pois_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pois"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_location_data_version"();
--> statement-breakpoint
CREATE TRIGGER "parking_lots_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "parking_lots"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_location_data_version"();
