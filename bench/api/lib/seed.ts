/**
 * Signed-in drivers for bench/api, written straight into PostgreSQL in a few statements: argon2
 * for 20,000 passwords would take longer than the bench. Each driver is an activated account
 * with one session stored as the auth module stores it (SHA-256 hashes of the token and the
 * access token, apps/server/src/modules/auth/sessions.ts), so the server authenticates them
 * exactly as it does a driver who logged in. Every driver has wallet money (a ledger top-up and
 * the matching balance, as the ledger keeps them), and a share of them a running charge (on a
 * charger of its own, with its OCPP transaction), so charge/current and the wallet are not
 * trivially empty. (Saved cards need a SimplePay registration payment each; none are made, so
 * the cards list answers an empty list — the same query and envelope.)
 */
import { createHash } from 'node:crypto';
import pg from 'pg';

export interface Driver {
  userId: number;
  /** The Authorization header the web app sends: `Basic base64("<userId>:<token>")`. */
  authorization: string;
  /** The location whose details this driver refreshes. */
  locationId: number;
  charging: boolean;
}

/** The token of driver i: secret + index (the secret is random per run; only hashes are stored). */
export const tokenOf = (secret: string, i: number) => `${secret}.${i}`;
const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

export async function seedDrivers(
  databaseUrl: string,
  opts: { count: number; chargingShare: number; secret: string },
): Promise<Driver[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const locationIds = (
      await client.query<{ id: number }>(
        'select id from locations where active order by id limit 500',
      )
    ).rows.map((r) => r.id);
    if (locationIds.length === 0)
      throw new Error('no active locations (was the demo data seeded?)');
    const every = opts.chargingShare > 0 ? Math.max(1, Math.round(1 / opts.chargingShare)) : 0;
    const charging = Array.from({ length: opts.count }, (_, i) => i + 1).filter(
      (i) => every > 0 && i % every === 0,
    );

    await client.query('begin');
    const users = await client.query<{ id: number; i: number }>(
      `insert into users (email, password_hash, first_name, last_name, preferred_language, activated_at)
       select 'bench-driver-' || i || '@bench.invalid', null, 'Bench', 'Driver ' || i, 'hu', now()
       from generate_series(1, $1::int) i
       returning id, (regexp_match(email, '^bench-driver-(\\d+)@'))[1]::int as i`,
      [opts.count],
    );
    const ids = new Map(users.rows.map((r) => [r.i, r.id]));
    const tokens = Array.from({ length: opts.count }, (_, i) => tokenOf(opts.secret, i + 1));
    await client.query(
      `insert into user_sessions (user_id, token_hash, access_token_hash, user_agent, expires_at)
       select u, t, a, 'bench/api', now() + interval '1 day'
       from unnest($1::int[], $2::text[], $3::text[]) as s(u, t, a)`,
      [
        tokens.map((_, i) => ids.get(i + 1)),
        tokens.map(sha256),
        tokens.map((t) => sha256(`access.${t}`)),
      ],
    );

    await client.query(
      `with l as (
         insert into ledger_entries (user_id, account, kind, amount, cause)
         select u, 'wallet', 'topup', 5000, 'bench' from unnest($1::int[]) u
         returning user_id, amount
       )
       insert into wallets (user_id, balance) select user_id, amount from l`,
      [[...ids.values()]],
    );

    // Running charges: one charger each (a charger holds one running charge), at a bench
    // location that is not active, so the map and the location details stay as seeded. Every
    // k-th driver charges, so each step (the first N drivers) has the same share.
    if (charging.length > 0) {
      const [loc] = (
        await client.query<{ id: number }>(
          `insert into locations (name, country_code, zip_code, city, street, address_type, house_number, lat, lng, active)
           select 'Bench chargers', country_code, zip_code, city, street, address_type, house_number, lat, lng, false
           from locations where id = $1 returning id`,
          [locationIds[0]],
        )
      ).rows;
      await client.query(
        `insert into charge_points (id, location_id, vendor, model, current_type, registered_at)
         select 'BENCH-API-' || i, $2, 'Voltpark', 'Bench', 'AC', now() from unnest($1::int[]) i`,
        [charging, loc!.id],
      );
      await client.query(
        `insert into chargers (charge_point_id, connector_id, name, short_name, outlet_type, power_kw, status, ocpp_status)
         select 'BENCH-API-' || i, 1, 'Bench ' || i, 'B' || i, 'TYPE2', 22, 'OCCUPIED', 'Charging'
         from unnest($1::int[]) i`,
        [charging],
      );
      await client.query(
        `with tx as (
           insert into ocpp_transactions (charge_point_id, connector_id, id_tag, id_tag_status, meter_start_wh,
                                          started_at, last_meter_wh, last_meter_at, last_power_w)
           select 'BENCH-API-' || i, 1, 'BAPI' || i, 'Accepted', 0, now() - interval '10 minutes', 3600, now(), 22000
           from unnest($1::int[]) i
           returning id, charge_point_id, id_tag
         )
         insert into charges (user_id, charger_id, status, payment_method, id_tag, free_charging,
                              unit_charging_gross, convenience_fee_gross, parking_enabled,
                              minutes_after_parking_start, unit_parking_gross, ocpp_transaction_id, start_time)
         select u.id, ch.id, 'STARTED', 'free', tx.id_tag, true, 0, 0, false, 0, 0, tx.id,
                now() - interval '10 minutes'
         from tx
         join chargers ch on ch.charge_point_id = tx.charge_point_id
         join users u on u.email = 'bench-driver-' || substr(tx.id_tag, 5) || '@bench.invalid'`,
        [charging],
      );
    }
    await client.query('commit');

    const sessions = await client.query<{ n: string }>(
      `select count(*)::text as n from user_sessions where user_agent = 'bench/api'`,
    );
    if (Number(sessions.rows[0]?.n) !== opts.count) throw new Error('not every session was stored');
    return tokens.map((token, i) => {
      const userId = ids.get(i + 1)!;
      return {
        userId,
        authorization: `Basic ${Buffer.from(`${userId}:${token}`).toString('base64')}`,
        locationId: locationIds[i % locationIds.length]!,
        charging: every > 0 && (i + 1) % every === 0,
      };
    });
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}
