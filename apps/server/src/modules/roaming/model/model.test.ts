import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { location as locationSchema } from '@voltpark/contract/ocpi/locations';
import { tariff as tariffSchema } from '@voltpark/contract/ocpi/tariffs';
import { createTestDatabase } from '../../../test/database.js';
import type { Database } from '../../../db/client.js';
import { chargingTariffs } from '../../../db/schema/index.js';
import { chargerIdOfEvseUid, evseUid } from './ids.js';
import { locationObject, locationPage, type LocationView } from './locations.js';
import { REMOVED_EVSE_LISTED_DAYS } from './removed-evses.js';
import { ocpiStatus } from './status.js';
import { ocpiTariff, tariffPage } from './tariffs.js';
import { rows, seedLocation, seedTariffs, setStatus } from './test-seed.js';

const party = { countryCode: 'HU', partyId: 'VPK' };
const cpoView: LocationView = { party, operator: { name: 'Voltpark Kft.' }, omitRemoved: false };
const openView: LocationView = { ...cpoView, omitRemoved: true };
const PAST = '2026-01-01T00:00:00.000Z';

let database: Database;
let tariffs: { paid: number; free: number };
beforeAll(async () => {
  database = await createTestDatabase();
  tariffs = await seedTariffs(database.db);
});
afterAll(() => database.close());

const one = async (view: LocationView, id: number) =>
  (await locationPage(database.db, view, { id, offset: 0, limit: 1 })).items[0];

/** Moves every change time of a site into the past, so that any change shows as later. */
const age = async (locationId: number) => {
  await database.db.execute(
    sql`update locations set updated_at = ${PAST} where id = ${locationId}`,
  );
  await database.db
    .execute(sql`update chargers set updated_at = ${PAST}, status_changed_at = ${PAST}
    where charge_point_id in (select id from charge_points where location_id = ${locationId})`);
};

describe('our locations as OCPI Locations', () => {
  it('maps a site with an AC and a DC charger to a Location with one EVSE per charger', async () => {
    const { locationId, chargerIds } = await seedLocation(database.db, 'Savoya Park', [
      { outlet: 'TYPE2', current: 'AC', powerKw: 22, tariffId: tariffs.paid },
      { outlet: 'CCS', current: 'DC', powerKw: 150, status: 'OCCUPIED', tariffId: tariffs.free },
    ]);
    const loc = (await one(cpoView, locationId))!;
    expect(locationSchema.parse(loc)).toEqual(loc);
    expect(loc).toMatchObject({
      country_code: 'HU',
      party_id: 'VPK',
      id: String(locationId),
      publish: true,
      name: 'Savoya Park',
      address: 'Hunyadi János út 19',
      city: 'Budapest',
      postal_code: '1117',
      country: 'HUN',
      coordinates: { latitude: '47.429020', longitude: '19.038970' },
      time_zone: 'Europe/Budapest',
      operator: { name: 'Voltpark Kft.' },
    });
    const [ac, dc] = loc.evses!;
    expect(ac).toMatchObject({
      uid: `HU*VPK*E${chargerIds[0]}`,
      evse_id: `HU*VPK*E${chargerIds[0]}`,
      status: 'AVAILABLE',
      connectors: [
        {
          id: '1',
          standard: 'IEC_62196_T2',
          format: 'SOCKET',
          power_type: 'AC_3_PHASE',
          max_voltage: 230,
          max_amperage: 32,
          max_electric_power: 22000,
          tariff_ids: [String(tariffs.paid)],
        },
      ],
    });
    expect(dc).toMatchObject({
      uid: `HU*VPK*E${chargerIds[1]}`,
      status: 'CHARGING',
      connectors: [
        {
          standard: 'IEC_62196_T2_COMBO',
          format: 'CABLE',
          power_type: 'DC',
          max_voltage: 920,
          max_amperage: 164,
          max_electric_power: 150000,
          tariff_ids: [String(tariffs.free)],
        },
      ],
    });
    expect(chargerIdOfEvseUid(party, ac!.uid)).toBe(chargerIds[0]);
    expect(chargerIdOfEvseUid(party, 'hu*vpk*e' + chargerIds[0])).toBe(chargerIds[0]);
    expect(chargerIdOfEvseUid(party, `HU*XYZ*E${chargerIds[0]}`)).toBeNull();
  });

  it('GET object: a Location, an EVSE or a Connector by their ids', async () => {
    const { locationId, chargerIds } = await seedLocation(database.db, 'Lookup', [
      { outlet: 'CHADEMO', current: 'DC', powerKw: 50, tariffId: tariffs.paid },
    ]);
    const uid = evseUid(party, chargerIds[0]!);
    const ids = { locationId: String(locationId) };
    expect(await locationObject(database.db, cpoView, ids)).toMatchObject({ id: ids.locationId });
    expect(
      await locationObject(database.db, cpoView, { ...ids, evseUid: uid.toLowerCase() }),
    ).toMatchObject({ uid, status: 'AVAILABLE' });
    expect(
      await locationObject(database.db, cpoView, { ...ids, evseUid: uid, connectorId: '1' }),
    ).toMatchObject({ id: '1', standard: 'CHADEMO', max_voltage: 500, max_amperage: 100 });
    for (const unknown of [
      { locationId: 'x' },
      { locationId: '999999999' },
      { ...ids, evseUid: 'HU*VPK*E0' },
      { ...ids, evseUid: uid, connectorId: '2' },
    ]) {
      expect(
        await locationObject(database.db, cpoView, unknown),
        JSON.stringify(unknown),
      ).toBeNull();
    }
  });

  it('a parking-only site is no roaming location', async () => {
    const { locationId } = await seedLocation(database.db, 'Parking only', []);
    expect(await one(cpoView, locationId)).toBeUndefined();
    expect(await one(openView, locationId)).toBeUndefined();
  });

  it('a status change shows on the next read, with a later last_updated', async () => {
    const { locationId, chargerIds } = await seedLocation(database.db, 'Status site', [
      { outlet: 'TYPE2', current: 'AC', powerKw: 11, tariffId: tariffs.paid },
    ]);
    await age(locationId);
    const before = (await one(cpoView, locationId))!;
    expect(before.last_updated).toBe(PAST);
    expect(before.evses![0]!.status).toBe('AVAILABLE');

    await setStatus(database.db, chargerIds[0]!, 'OCCUPIED');
    const after = (await one(cpoView, locationId))!;
    expect(after.evses![0]!.status).toBe('CHARGING');
    expect(after.evses![0]!.last_updated > PAST).toBe(true);
    expect(after.last_updated).toBe(after.evses![0]!.last_updated);
    // The connector itself did not change.
    expect(after.evses![0]!.connectors[0]!.last_updated).toBe(PAST);
  });

  it('a charger taken out or deleted is REMOVED for partners and gone from open data; its site shows the change', async () => {
    const { locationId, chargerIds } = await seedLocation(database.db, 'Shrinking site', [
      { outlet: 'TYPE2', current: 'AC', powerKw: 22, tariffId: tariffs.paid },
      { outlet: 'TYPE2', current: 'AC', powerKw: 22, tariffId: tariffs.paid },
      { outlet: 'TYPE2', current: 'AC', powerKw: 3.7, tariffId: tariffs.paid },
    ]);
    await age(locationId);
    await database.db.execute(sql`update chargers set active = false where id = ${chargerIds[0]}`);
    const cpo = (await one(cpoView, locationId))!;
    expect(cpo.evses!.map((e) => e.status)).toEqual(['REMOVED', 'AVAILABLE', 'AVAILABLE']);
    expect(cpo.last_updated > PAST).toBe(true);
    const open = (await one(openView, locationId))!;
    expect(open.evses!.map((e) => e.uid)).toEqual([
      evseUid(party, chargerIds[1]!),
      evseUid(party, chargerIds[2]!),
    ]);
    expect(open.evses![1]!.connectors[0]).toMatchObject({
      power_type: 'AC_1_PHASE',
      max_amperage: 17,
    });

    await age(locationId);
    await database.db.execute(sql`delete from chargers where id = ${chargerIds[1]}`);
    const later = (await one(openView, locationId))!;
    expect(later.evses!.map((e) => e.uid)).toEqual([evseUid(party, chargerIds[2]!)]);
    expect(later.last_updated > PAST).toBe(true);

    const deleted = (await one(cpoView, locationId))!.evses![1]!;
    expect(deleted).toMatchObject({
      uid: evseUid(party, chargerIds[1]!),
      status: 'REMOVED',
      physical_reference: 'C2',
      connectors: [{ id: '1', standard: 'IEC_62196_T2', max_electric_power: 22000 }],
    });
    expect(deleted.connectors[0]!.tariff_ids).toBeUndefined();
    expect(deleted.last_updated > PAST).toBe(true);

    await database.db.execute(sql`update chargers set active = false where id = ${chargerIds[2]}`);
    expect(await one(openView, locationId)).toBeUndefined();
    const cpo2 = (await one(cpoView, locationId))!;
    expect(locationSchema.parse(cpo2)).toEqual(cpo2);
    expect(cpo2.evses!.map((e) => [e.uid, e.status])).toEqual(
      chargerIds.map((id) => [evseUid(party, id), 'REMOVED']),
    );
  });

  it('a site whose charge points are all deleted is still served to partners, every EVSE REMOVED, and a date_from read finds it', async () => {
    const { locationId, chargerIds } = await seedLocation(database.db, 'Emptied site', [
      { outlet: 'CCS', current: 'DC', powerKw: 150, tariffId: tariffs.paid },
      { outlet: 'TYPE2', current: 'AC', powerKw: 11, tariffId: tariffs.paid },
    ]);
    await age(locationId);
    const before = new Date();
    await database.db.execute(sql`delete from charge_points where location_id = ${locationId}`);

    expect(await one(openView, locationId)).toBeUndefined();
    const loc = (await one(cpoView, locationId))!;
    expect(locationSchema.parse(loc)).toEqual(loc);
    expect(loc.evses!.map((e) => [e.uid, e.status, e.connectors[0]!.power_type])).toEqual([
      [evseUid(party, chargerIds[0]!), 'REMOVED', 'DC'],
      [evseUid(party, chargerIds[1]!), 'REMOVED', 'AC_3_PHASE'],
    ]);
    expect(
      await locationObject(database.db, cpoView, {
        locationId: String(locationId),
        evseUid: evseUid(party, chargerIds[0]!),
      }),
    ).toMatchObject({ status: 'REMOVED' });

    const since = async (from: Date) =>
      (await locationPage(database.db, cpoView, { offset: 0, limit: 500, dateFrom: from })).items
        .filter((l) => l.id === String(locationId))
        .map((l) => l.evses!.map((e) => e.status));
    expect(await since(before)).toEqual([['REMOVED', 'REMOVED']]);
    expect(await since(new Date(Date.now() + 60_000))).toEqual([]);
  });

  it('a charger moved to another site is REMOVED at the old one; moved back, it is itself again', async () => {
    const from = await seedLocation(database.db, 'Moved from', [
      { outlet: 'TYPE2', current: 'AC', powerKw: 22, tariffId: tariffs.paid },
      { outlet: 'TYPE2', current: 'AC', powerKw: 22, tariffId: tariffs.paid },
    ]);
    const to = await seedLocation(database.db, 'Moved to', []);
    const moved = from.chargerIds[1]!;
    const statuses = async (id: number) =>
      (await one(cpoView, id))?.evses!.map((e) => [e.uid, e.status]);
    // Its charge point moves with it.
    await database.db.execute(
      sql`update charge_points set location_id = ${to.locationId} where id = ${`T${from.locationId}-1`}`,
    );
    expect(await statuses(from.locationId)).toEqual([
      [evseUid(party, from.chargerIds[0]!), 'AVAILABLE'],
      [evseUid(party, moved), 'REMOVED'],
    ]);
    expect(await statuses(to.locationId)).toEqual([[evseUid(party, moved), 'AVAILABLE']]);

    await database.db.execute(
      sql`update charge_points set location_id = ${from.locationId} where id = ${`T${from.locationId}-1`}`,
    );
    expect(await statuses(from.locationId)).toEqual([
      [evseUid(party, from.chargerIds[0]!), 'AVAILABLE'],
      [evseUid(party, moved), 'AVAILABLE'],
    ]);
    expect(await statuses(to.locationId)).toEqual([[evseUid(party, moved), 'REMOVED']]);

    // The charger alone moves, to a charge point of the other site.
    await database.db.execute(sql`insert into charge_points (id, location_id, vendor, model,
      current_type) values (${`T${to.locationId}-x`}, ${to.locationId}, 'V', 'M', 'AC')`);
    await database.db.execute(
      sql`update chargers set charge_point_id = ${`T${to.locationId}-x`} where id = ${moved}`,
    );
    expect(await statuses(from.locationId)).toEqual([
      [evseUid(party, from.chargerIds[0]!), 'AVAILABLE'],
      [evseUid(party, moved), 'REMOVED'],
    ]);
    expect(await statuses(to.locationId)).toEqual([[evseUid(party, moved), 'AVAILABLE']]);
  });

  it(`a removed EVSE is listed for ${REMOVED_EVSE_LISTED_DAYS} days, then neither it nor a site left without EVSEs is`, async () => {
    const { locationId, chargerIds } = await seedLocation(database.db, 'Long gone', [
      { outlet: 'TYPE2', current: 'AC', powerKw: 22, tariffId: tariffs.paid },
      { outlet: 'TYPE2', current: 'AC', powerKw: 22, tariffId: tariffs.paid },
      { outlet: 'TYPE2', current: 'AC', powerKw: 22, tariffId: tariffs.paid },
    ]);
    await database.db.execute(sql`update chargers set active = false where id = ${chargerIds[0]}`);
    await database.db.execute(sql`delete from chargers where id = ${chargerIds[1]}`);
    const days = (n: number) => sql`now() - make_interval(days => ${n})`;
    const backdate = async (n: number) => {
      await database.db.execute(sql`update roaming_removed_evses set removed_at = ${days(n)}
        where location_id = ${locationId}`);
      await database.db.execute(sql`update chargers set updated_at = ${days(n)},
        status_changed_at = ${days(n)}
        where charge_point_id in (select id from charge_points where location_id = ${locationId})`);
      await database.db.execute(
        sql`update locations set updated_at = ${days(n)} where id = ${locationId}`,
      );
    };
    const uids = async () => (await one(cpoView, locationId))?.evses!.map((e) => e.uid);

    await backdate(REMOVED_EVSE_LISTED_DAYS - 1);
    expect(await uids()).toEqual(chargerIds.map((id) => evseUid(party, id)));
    await backdate(REMOVED_EVSE_LISTED_DAYS + 1);
    expect(await uids()).toEqual([evseUid(party, chargerIds[2]!)]);

    // The last charger taken out long ago: the site is no roaming location any more.
    await database.db.execute(sql`update chargers set active = false where id = ${chargerIds[2]}`);
    await backdate(REMOVED_EVSE_LISTED_DAYS + 1);
    expect(await one(cpoView, locationId)).toBeUndefined();
    expect(
      await locationObject(database.db, cpoView, { locationId: String(locationId) }),
    ).toBeNull();
  });

  it('an inactive price setting is not offered on the connector', async () => {
    const [t] = await rows<{ id: number }>(
      database.db,
      sql`insert into charging_tariffs (name, unit_charging_gross, active)
          values ('Old', 99, false) returning id`,
    );
    const { locationId } = await seedLocation(database.db, 'Old price', [
      { outlet: 'TYPE2', current: 'AC', powerKw: 22, tariffId: t!.id },
    ]);
    const loc = (await one(cpoView, locationId))!;
    expect(loc.evses![0]!.connectors[0]!.tariff_ids).toBeUndefined();
  });
});

describe('EVSE status', () => {
  const base = {
    removed: false,
    chargePointDisabled: false,
    canStartNewChargeWhileInFinishingState: false,
  };
  it.each([
    ['AVAILABLE', 'AVAILABLE'],
    ['PREPARING', 'AVAILABLE'],
    ['OCCUPIED', 'CHARGING'],
    ['FINISHING', 'BLOCKED'],
    ['RESERVED', 'RESERVED'],
    ['ERROR', 'OUTOFORDER'],
    ['UNAVAILABLE', 'INOPERATIVE'],
    ['OUT_OF_SERVICE', 'INOPERATIVE'],
    ['UNKNOWN', 'UNKNOWN'],
    ['NEW_NOT_CONNECTED', 'PLANNED'],
  ] as const)('%s is %s', (app, ocpi) => {
    expect(ocpiStatus({ ...base, status: app })).toBe(ocpi);
  });
  it('FINISHING is startable when the device allows a new charge then', () => {
    expect(
      ocpiStatus({ ...base, status: 'FINISHING', canStartNewChargeWhileInFinishingState: true }),
    ).toBe('AVAILABLE');
  });
  it('removal and a disabled charge point win over any report', () => {
    expect(ocpiStatus({ ...base, status: 'AVAILABLE', removed: true })).toBe('REMOVED');
    expect(ocpiStatus({ ...base, status: 'AVAILABLE', chargePointDisabled: true })).toBe(
      'INOPERATIVE',
    );
  });
});

describe('our prices as OCPI Tariffs', () => {
  it('energy, per-charge fee and parking, net of 27 % VAT, with the Hungarian and English text', async () => {
    const [row] = await database.db
      .select()
      .from(chargingTariffs)
      .where(sql`${chargingTariffs.id} = ${tariffs.paid}`);
    const t = ocpiTariff(party, row!);
    expect(tariffSchema.parse(t)).toEqual(t);
    expect(t).toMatchObject({ country_code: 'HU', party_id: 'VPK', currency: 'HUF' });
    const components = t.elements[0]!.price_components;
    expect(components).toEqual([
      { type: 'FLAT', price: 78.7402, vat: 27, step_size: 1 },
      { type: 'ENERGY', price: 118.1102, vat: 27, step_size: 10 },
      { type: 'PARKING_TIME', price: 472.4409, vat: 27, step_size: 60 },
    ]);
    // The gross a driver sees is the net plus VAT, to the forint.
    for (const [c, gross] of components.map((c, i) => [c, [100, 150, 600][i]!] as const)) {
      expect(Math.round(c.price * 1.27)).toBe(gross);
    }
    expect(t.tariff_alt_text!.map((x) => x.language)).toEqual(['hu', 'en']);
    expect(t.tariff_alt_text![0]!.text).toContain('150 Ft/kWh');
    expect(t.tariff_alt_text![1]!.text).toMatch(/30/);
  });

  it('a free setting is one zero FLAT component', async () => {
    const page = await tariffPage(database.db, party, { id: tariffs.free, offset: 0, limit: 10 });
    expect(page.total).toBe(1);
    expect(page.items[0]!.elements).toEqual([
      { price_components: [{ type: 'FLAT', price: 0, step_size: 0 }] },
    ]);
  });

  it('date_from and date_to filter tariffs on last_updated', async () => {
    await database.db.execute(
      sql`update charging_tariffs set updated_at = '2020-01-01T00:00:00Z' where id = ${tariffs.paid}`,
    );
    const page = await tariffPage(database.db, party, {
      offset: 0,
      limit: 10,
      dateFrom: new Date('2020-01-01T00:00:00Z'),
      dateTo: new Date('2020-01-01T00:00:01Z'),
    });
    expect(page.items.map((x) => x.id)).toEqual([String(tariffs.paid)]);
    const later = await tariffPage(database.db, party, {
      offset: 0,
      limit: 10,
      dateFrom: new Date('2020-01-01T00:00:00.001Z'),
    });
    expect(later.items.map((x) => x.id)).not.toContain(String(tariffs.paid));
  });

  it('a price change moves last_updated', async () => {
    await database.db.execute(
      sql`update charging_tariffs set updated_at = ${PAST} where id = ${tariffs.free}`,
    );
    await database.db.execute(
      sql`update charging_tariffs set name = 'Free again' where id = ${tariffs.free}`,
    );
    const page = await tariffPage(database.db, party, { id: tariffs.free, offset: 0, limit: 1 });
    expect(page.items[0]!.last_updated > PAST).toBe(true);
  });
});
