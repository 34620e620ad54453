import { sql, type SQL } from 'drizzle-orm';

/**
 * The connectors of the partner sites on our map (decision 0039), one row each, in the terms of
 * our own chargers: `location_id` (our site id), `outlet_type` (TYPE2, CCS, CHADEMO, or null for
 * a standard we do not list), `current_type` (AC, DC), `power_kw`, `available` (its EVSE is
 * AVAILABLE). EVSEs that are REMOVED are left out; connectors of one EVSE share its status.
 */
export const PARTNER_CONNECTORS: SQL = sql`(
  select ml.id as location_id,
    case c->>'standard' when 'IEC_62196_T2' then 'TYPE2' when 'IEC_62196_T2_COMBO' then 'CCS'
      when 'CHADEMO' then 'CHADEMO' end as outlet_type,
    case when c->>'power_type' = 'DC' then 'DC' else 'AC' end as current_type,
    coalesce((c->>'max_electric_power')::float8,
      (c->>'max_voltage')::float8 * (c->>'max_amperage')::float8
        * case c->>'power_type' when 'AC_3_PHASE' then 3 when 'AC_2_PHASE' then 2
            when 'AC_2_PHASE_SPLIT' then 2 else 1 end) / 1000 as power_kw,
    (e->>'status' = 'AVAILABLE') as available
  from locations ml
  join roaming_partner_locations rpl on rpl.id = ml.roaming_partner_location_id
  cross join lateral jsonb_array_elements(coalesce(rpl.object->'evses', '[]'::jsonb)) e
  cross join lateral jsonb_array_elements(coalesce(e->'connectors', '[]'::jsonb)) c
  where ml.active and e->>'status' <> 'REMOVED'
)`;

/** The conditions of the SPEC §3 charger filter on PARTNER_CONNECTORS rows (alias `pc`). */
export function partnerConnectorConditions(f: {
  outletType?: string | undefined;
  currentType?: string | undefined;
  performanceFrom?: number | undefined;
  onlyAvailableChargers?: boolean | undefined;
}): SQL[] {
  const conds: SQL[] = [];
  if (f.outletType) conds.push(sql`pc.outlet_type = ${f.outletType}`);
  if (f.currentType && f.currentType !== 'all') conds.push(sql`pc.current_type = ${f.currentType}`);
  if (f.performanceFrom !== undefined && f.performanceFrom > 0)
    conds.push(sql`pc.power_kw >= ${f.performanceFrom}::float8`);
  if (f.onlyAvailableChargers) conds.push(sql`pc.available`);
  return conds;
}

/** Which partner a site is of: its name, or SQL null for our own sites (`l` a locations row). */
export const PARTNER_NAME: SQL = sql`(select rp.name from roaming_partner_locations rpl
  join roaming_partners rp on rp.id = rpl.partner_id where rpl.id = l.roaming_partner_location_id)`;
