import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  categories,
  chargingTariffs,
  parkingTariffs,
  traits,
  traitListItems,
} from '../schema/index.js';
import { generatorCities, generatorSiteKinds, generatorStreets } from './data/cities.js';
import { chargingTariffList, parkingTariffList, shopList } from './data/catalog.js';
import { seedDemoData, traitValueAdder, type Catalog } from './demo.js';
import { GENERATED_CHARGE_POINT_PREFIX } from './generated-ids.js';
import { Rng } from './prng.js';
import { acStations, addStation, dcStations, SEED_TIME, SeedPlan } from './plan.js';

/** Reads the ids of the demo catalogue rows (tariffs by name, traits, categories). */
async function loadCatalog(db: Db): Promise<Catalog | null> {
  const ct = await db
    .select({ id: chargingTariffs.id, name: chargingTariffs.name })
    .from(chargingTariffs);
  const pt = await db
    .select({ id: parkingTariffs.id, name: parkingTariffs.name })
    .from(parkingTariffs);
  const chargingTariff = {} as Catalog['chargingTariff'];
  for (const t of chargingTariffList) {
    const row = ct.find((r) => r.name === t.name);
    if (!row) return null;
    chargingTariff[t.key] = row.id;
  }
  const parkingTariff = {} as Catalog['parkingTariff'];
  for (const t of parkingTariffList) {
    const row = pt.find((r) => r.name === t.name);
    if (!row) return null;
    parkingTariff[t.key] = row.id;
  }
  const trait: Catalog['trait'] = {};
  for (const t of await db.select().from(traits)) {
    const items = await db.select().from(traitListItems).where(eq(traitListItems.traitId, t.id));
    trait[t.identifier] = {
      id: t.id,
      items: Object.fromEntries(items.map((i) => [i.valueHu, i.id])),
    };
  }
  const category = Object.fromEntries(
    (await db.select({ id: categories.id, nameHu: categories.nameHu }).from(categories)).map(
      (c) => [c.nameHu, c.id],
    ),
  );
  return { chargingTariff, parkingTariff, trait, category };
}

export interface GenerateResult {
  locations: number;
  chargers: number;
  parkingLots: number;
  pois: number;
  ms: number;
}

/**
 * Adds `count` generated locations spread over Hungary (weighted by town size, some along the
 * roads between towns), with chargers, parking lots and shops in about the demo's proportions.
 * For scale tests: 50,000 take seconds (ids are assigned up front, rows go in batches).
 */
export async function generateLocations(
  db: Db,
  count: number,
  options: { seed?: number; log?: (msg: string) => void } = {},
): Promise<GenerateResult> {
  const started = performance.now();
  let catalog = await loadCatalog(db);
  if (!catalog) {
    options.log?.('No demo catalogue yet: seeding the demo network first');
    await seedDemoData(db);
    catalog = (await loadCatalog(db))!;
  }
  const rng = new Rng(options.seed ?? 50_000);
  const plan = await SeedPlan.start(db);
  const add = traitValueAdder(plan, catalog);
  const [{ n: existingCps } = { n: 0 }] = (
    (await db.execute(
      sql`select count(*)::int as n from charge_points where id like ${`${GENERATED_CHARGE_POINT_PREFIX}%`}`,
    )) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  let cpSeq = existingCps;
  const weighted = generatorCities.map((c) => [c, c[3]] as const);
  const cat = catalog;
  const tariffFor = (station: { currentType: 'AC' | 'DC' }, kw: number) => {
    const r = rng.next();
    if (r < 0.05) return null;
    if (station.currentType === 'DC')
      return kw >= 120 ? cat.chargingTariff.ultra : cat.chargingTariff.dc;
    return r < 0.15 ? cat.chargingTariff.free : cat.chargingTariff.ac;
  };
  const startLocations = plan.locations.length;

  for (let i = 0; i < count; i++) {
    let [cityName, lat, lng, , zip, spread] = rng.weighted(weighted);
    if (rng.chance(0.2)) {
      // Along the road to another town.
      const other = rng.weighted(weighted);
      const t = rng.next();
      lat = lat + (other[1] - lat) * t;
      lng = lng + (other[2] - lng) * t;
      spread = 0.01;
      if (t > 0.5) [cityName, zip] = [other[0], other[4]];
    }
    lat += rng.normal() * spread;
    lng += rng.normal() * spread * 1.4;
    const street = rng.pick(generatorStreets);
    const type = rng.weighted([
      ['utca', 8],
      ['út', 4],
      ['tér', 1],
      ['körút', 1],
      ['sor', 1],
    ] as const);
    const kind = rng.pick(generatorSiteKinds);
    const locationId = plan.id('locations');
    const zipCode =
      zip.length === 1
        ? `1${String(rng.int(1, 23)).padStart(2, '0')}${rng.int(1, 9)}`
        : `${zip}${String(rng.int(0, 99)).padStart(2, '0')}`;
    plan.locations.push({
      id: locationId,
      name: `${kind} ${street} ${type} (#${locationId})`,
      countryCode: 'HU',
      zipCode,
      city: cityName,
      street,
      addressType: type,
      houseNumber: String(rng.int(1, 180)),
      lat: Math.round(lat * 1e6) / 1e6,
      lng: Math.round(lng * 1e6) / 1e6,
      createdAt: SEED_TIME,
      updatedAt: SEED_TIME,
    });
    const hasChargers = rng.chance(0.85);
    if (hasChargers) {
      const stations = rng.chance(0.7)
        ? [rng.pick(acStations)]
        : rng.chance(0.5)
          ? [rng.pick(dcStations)]
          : [rng.pick(acStations), rng.pick(dcStations)];
      stations.forEach((station, k) => {
        cpSeq++;
        addStation({
          plan,
          rng,
          locationId,
          locationName: kind,
          chargePointId: `${GENERATED_CHARGE_POINT_PREFIX}${String(cpSeq).padStart(6, '0')}`,
          station,
          tariffId: tariffFor,
          index: k,
        });
      });
    }
    if (rng.chance(0.15) || !hasChargers) {
      const parkingLotId = plan.id('parkingLots');
      const r = rng.next();
      plan.parkingLots.push({
        id: parkingLotId,
        locationId,
        name: `${kind} parkoló`,
        capacity: rng.int(2, 60) * 10,
        hasPermits: rng.chance(0.1),
        parkingTimeInSeconds: 60,
        tariffId:
          r < 0.1
            ? null
            : r < 0.25
              ? cat.parkingTariff.free
              : cityName === 'Budapest'
                ? cat.parkingTariff.city
                : cat.parkingTariff.regional,
      });
      const two = rng.chance(0.5);
      const gateRows: [string, 'IN' | 'OUT' | 'BOTH'][] = two
        ? [
            ['Behajtó', 'IN'],
            ['Kihajtó', 'OUT'],
          ]
        : [['Sorompó', 'BOTH']];
      gateRows.forEach(([name, direction], g) =>
        plan.gates.push({
          id: plan.id('gates'),
          parkingLotId,
          name,
          direction,
          controllerId: `GEN-GATE-${parkingLotId}-${g + 1}`,
        }),
      );
    }
    if (rng.chance(0.12)) {
      const shop = rng.pick(shopList);
      const poiId = plan.id('pois');
      const acceptPoint = rng.chance(0.7);
      plan.pois.push({
        id: poiId,
        locationId,
        name: shop.name,
        descriptionHu: shop.descHu,
        descriptionEn: shop.descEn,
        pictureFileName: shop.picture,
        url: shop.url,
        acceptPoint,
        discountPercentage: acceptPoint ? rng.pick([5, 10, 15]) : null,
      });
      const categoryId = cat.category[shop.category];
      if (categoryId) plan.poiCategories.push({ poiId, categoryId });
    }
    if (rng.chance(0.3))
      add.text({ locationId }, 'OPENING_HOURS', rng.pick(['0–24', '6:00–22:00', '8:00–20:00']));
  }
  await plan.write(db, 2000);
  // Fresh statistics, or the planner guesses badly on tables that just grew a thousandfold.
  await db.execute(
    sql`analyze locations, charge_points, chargers, pois, poi_categories, parking_lots, gates, trait_values`,
  );
  return {
    locations: plan.locations.length - startLocations,
    chargers: plan.chargers.length,
    parkingLots: plan.parkingLots.length,
    pois: plan.pois.length,
    ms: Math.round(performance.now() - started),
  };
}
