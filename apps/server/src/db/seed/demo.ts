import { eq, sql } from 'drizzle-orm';
import type { ChargerStatus } from '@voltpark/contract';
import type { Db } from '../client.js';
import { appMeta, footerTexts, frontPageAds, locations, newsPosts } from '../schema/index.js';
import {
  categoryTree,
  chargingTariffList,
  footerTextList,
  newsList,
  parkingTariffList,
  shopList,
  traitList,
  type CategoryDef,
  type ChargingTariffKey,
  type ParkingTariffKey,
} from './data/catalog.js';
import { demoLocations, type DemoLocation } from './data/demo-locations.js';
import { Rng } from './prng.js';
import {
  acStations,
  addStation,
  dcStations,
  SEED_TIME,
  SeedPlan,
  statusWeights,
  type StationModel,
} from './plan.js';
import { seedReferenceData } from './reference.js';
import { seedLoyaltyDemo } from './loyalty.js';
import { seedDemoLotAdmin, seedDemoPermits } from './demo-parking-access.js';

export const DEMO_SEED = 20_261_122;
export const DEMO_MARKER_KEY = 'demo_seeded_at';

/** Ids of the shared catalogue rows (tariffs, traits, categories) a plan refers to. */
export interface Catalog {
  chargingTariff: Record<ChargingTariffKey, number>;
  parkingTariff: Record<ParkingTariffKey, number>;
  trait: Record<string, { id: number; items: Record<string, number> }>;
  /** Category id by its Hungarian name. */
  category: Record<string, number>;
}

function planCatalog(plan: SeedPlan): Catalog {
  const chargingTariff = {} as Catalog['chargingTariff'];
  for (const t of chargingTariffList) {
    const id = plan.id('chargingTariffs');
    chargingTariff[t.key] = id;
    const { key: _key, ...row } = t;
    plan.chargingTariffs.push({
      id,
      ...row,
      descriptionLinesHu: [...t.descriptionLinesHu],
      descriptionLinesEn: [...t.descriptionLinesEn],
      createdAt: SEED_TIME,
    });
  }
  const parkingTariff = {} as Catalog['parkingTariff'];
  for (const t of parkingTariffList) {
    const id = plan.id('parkingTariffs');
    parkingTariff[t.key] = id;
    const { key: _key, ...row } = t;
    plan.parkingTariffs.push({
      id,
      ...row,
      descriptionLinesHu: [...t.descriptionLinesHu],
      descriptionLinesEn: [...t.descriptionLinesEn],
    });
  }
  const trait: Catalog['trait'] = {};
  traitList.forEach((t, i) => {
    const id = plan.id('traits');
    plan.traits.push({
      id,
      nameHu: t.nameHu,
      nameEn: t.nameEn,
      type: t.type,
      identifier: t.identifier,
      unit: t.unit ?? null,
      major: t.major ?? false,
      orderNumber: (i + 1) * 10,
    });
    const items: Record<string, number> = {};
    (t.items ?? []).forEach(([hu, en], j) => {
      const itemId = plan.id('traitListItems');
      items[hu] = itemId;
      plan.traitListItems.push({
        id: itemId,
        traitId: id,
        valueHu: hu,
        valueEn: en,
        orderNumber: j + 1,
      });
    });
    trait[t.identifier] = { id, items };
  });
  const category: Catalog['category'] = {};
  const addCategories = (defs: CategoryDef[], parentId: number | null) => {
    defs.forEach(([hu, en, children], i) => {
      const id = plan.id('categories');
      category[hu] = id;
      plan.categories.push({ id, parentId, nameHu: hu, nameEn: en, orderNumber: i + 1 });
      if (children) addCategories(children, id);
    });
  };
  addCategories(categoryTree, null);
  return { chargingTariff, parkingTariff, trait, category };
}

type Owner =
  { locationId: number } | { chargerId: number } | { parkingLotId: number } | { poiId: number };

export function traitValueAdder(plan: SeedPlan, catalog: Catalog) {
  return {
    text(owner: Owner, identifier: string, value: string, numericValue: number | null = null) {
      plan.traitValues.push({
        id: plan.id('traitValues'),
        traitId: catalog.trait[identifier]!.id,
        ...owner,
        value,
        numericValue,
      });
    },
    bool(owner: Owner, identifier: string, value: boolean) {
      plan.traitValues.push({
        id: plan.id('traitValues'),
        traitId: catalog.trait[identifier]!.id,
        ...owner,
        value: String(value),
      });
    },
    list(owner: Owner, identifier: string, itemsHu: string[]) {
      const t = catalog.trait[identifier]!;
      plan.traitValues.push({
        id: plan.id('traitValues'),
        traitId: t.id,
        ...owner,
        listItemIds: itemsHu.map((hu) => t.items[hu]!),
      });
    },
    custom(owner: Owner, identifier: string, strings: string[]) {
      plan.traitValues.push({
        id: plan.id('traitValues'),
        traitId: catalog.trait[identifier]!.id,
        ...owner,
        listStrings: strings,
      });
    },
  };
}

const outletItem = { TYPE2: 'Type 2', CCS: 'CCS', CHADEMO: 'CHAdeMO' } as const;
const slug = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 24);

const ultraSites = new Set(['Westend City Center', 'Campona', 'Audi Hungaria látogatóközpont']);
const noTariffLots = new Set(['Infopark', 'Hungexpo Budapest']);
const freeLots = new Set(['Gödöllői Királyi Kastély', 'Sopron Fő tér']);
const permitLots = new Set([
  'Infopark',
  'Szépvölgyi Business Park',
  'Audi Hungaria látogatóközpont',
]);
const garages = new Set([
  'Szabadság téri mélygarázs',
  'Westend City Center',
  'Allee Bevásárlóközpont',
  'Mammut Bevásárlóközpont',
  'Árkád Budapest',
  'Etele Plaza',
  'Corvin Plaza',
]);

function chargingTariffChooser(rng: Rng, catalog: Catalog, city: string) {
  return (station: StationModel, kw: number): number | null => {
    const r = rng.next();
    if (r < 0.06) return null; // not yet priced: shown with a no-tariff warning
    if (r < 0.09) return catalog.chargingTariff.old; // inactive tariff: also no start
    if (station.currentType === 'DC') {
      return kw >= 120 ? catalog.chargingTariff.ultra : catalog.chargingTariff.dc;
    }
    if (r < 0.2) return catalog.chargingTariff.free;
    return city === 'Budapest' ? catalog.chargingTariff.ac : catalog.chargingTariff.regional;
  };
}

export function planDemoLocation(
  plan: SeedPlan,
  rng: Rng,
  catalog: Catalog,
  loc: DemoLocation,
  index: number,
  chargePointPrefix: string,
): number {
  const traits = traitValueAdder(plan, catalog);
  const locationId = plan.id('locations');
  plan.locations.push({
    id: locationId,
    name: loc.name,
    countryCode: 'HU',
    zipCode: loc.zip,
    city: loc.city,
    street: loc.street,
    addressType: loc.type,
    houseNumber: loc.no,
    lat: loc.lat,
    lng: loc.lng,
    descriptionHu: loc.descHu ?? null,
    descriptionEn: loc.descEn ?? null,
    createdAt: SEED_TIME,
    updatedAt: SEED_TIME,
  });
  const owner = { locationId };
  traits.text(owner, 'OPENING_HOURS', loc.shops ? '8:00–22:00' : '0–24');
  if (loc.shops) {
    traits.text(owner, 'SITE_WEB', `https://${slug(loc.name)}.example.hu`);
    traits.text(
      owner,
      'SITE_PHONE',
      `+36 ${loc.city === 'Budapest' ? '1' : '30'} 555 ${String(1000 + index).slice(-4)}`,
    );
    traits.text(owner, 'SITE_EMAIL', `info@${slug(loc.name)}.example.hu`);
    traits.list(
      owner,
      'AMENITIES',
      rng.chance(0.5) ? ['Wi-Fi', 'Mosdó', 'Kávézó'] : ['Mosdó', 'Játszótér'],
    );
  }
  traits.bool(owner, 'ACCESSIBLE', rng.chance(0.7));

  if (loc.chargers) {
    const tariffFor = chargingTariffChooser(rng, catalog, loc.city);
    const stations: StationModel[] = [];
    if (loc.chargers === 'A' || loc.chargers === 'M') {
      const n = rng.int(1, loc.chargers === 'A' ? 3 : 2);
      for (let i = 0; i < n; i++) stations.push(rng.pick(acStations));
    }
    if (loc.chargers === 'D' || loc.chargers === 'M') {
      if (ultraSites.has(loc.name)) stations.push(dcStations[3]!);
      const n = rng.int(1, 2) - (ultraSites.has(loc.name) ? 1 : 0);
      for (let i = 0; i < n; i++) stations.push(rng.pick(dcStations.slice(0, 3)));
    }
    stations.forEach((station, i) => {
      const chargePointId = `${chargePointPrefix}${String(plan.chargePoints.length + 1).padStart(5, '0')}`;
      const chargerIds = addStation({
        plan,
        rng,
        locationId,
        locationName: loc.name,
        chargePointId,
        station,
        tariffId: tariffFor,
        index: i,
      });
      chargerIds.forEach((chargerId, j) => {
        const c = station.connectors[j]!;
        traits.list({ chargerId }, 'outlets', [outletItem[c.outlet]]);
        traits.text({ chargerId }, 'performance', String(c.kw), c.kw);
        traits.bool({ chargerId }, 'CABLE_ATTACHED', station.currentType === 'DC');
        if (station.currentType === 'DC')
          traits.custom({ chargerId }, 'ROAMING', ['Hubject', 'GIREVE']);
      });
    });
  }

  if (loc.parking) {
    const parkingLotId = plan.id('parkingLots');
    const capacity = loc.city === 'Budapest' ? rng.int(8, 90) * 10 : rng.int(4, 40) * 10;
    const tariff: ParkingTariffKey | null = noTariffLots.has(loc.name)
      ? null
      : freeLots.has(loc.name)
        ? 'free'
        : loc.city !== 'Budapest'
          ? 'regional'
          : loc.shops
            ? 'mall'
            : 'city';
    plan.parkingLots.push({
      id: parkingLotId,
      locationId,
      name: `${loc.name} parkoló`,
      capacity,
      hasPermits: permitLots.has(loc.name),
      parkingTimeInSeconds: capacity > 300 ? 90 : 60,
      tariffId: tariff ? catalog.parkingTariff[tariff] : null,
    });
    const gateSpec: [string, 'IN' | 'OUT' | 'BOTH'][] =
      capacity > 400
        ? [
            ['Behajtó 1', 'IN'],
            ['Behajtó 2', 'IN'],
            ['Kihajtó', 'OUT'],
          ]
        : capacity > 100
          ? [
              ['Behajtó', 'IN'],
              ['Kihajtó', 'OUT'],
            ]
          : [['Sorompó', 'BOTH']];
    gateSpec.forEach(([name, direction], g) => {
      plan.gates.push({
        id: plan.id('gates'),
        parkingLotId,
        name,
        direction,
        controllerId: `${chargePointPrefix}GATE-${String(parkingLotId).padStart(5, '0')}-${g + 1}`,
      });
    });
    const kind = garages.has(loc.name)
      ? 'Mélygarázs'
      : capacity > 400
        ? 'Parkolóház'
        : 'Felszíni parkoló';
    traits.list({ parkingLotId }, 'PARKING_KIND', [kind]);
    if (kind !== 'Felszíni parkoló') {
      const height = kind === 'Mélygarázs' ? 2.1 : 2.3;
      traits.text({ parkingLotId }, 'MAX_HEIGHT', String(height), height);
    }
    traits.bool({ parkingLotId }, 'COVERED', kind !== 'Felszíni parkoló');
    traits.text({ parkingLotId }, 'OPENING_HOURS', '0–24');
  }

  const shopPool = [...shopList];
  for (let k = 0; k < (loc.shops ?? 0); k++) {
    const shop = shopPool.splice(rng.int(0, shopPool.length - 1), 1)[0]!;
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
      discountPercentage: acceptPoint ? rng.pick([5, 10, 15]) : rng.chance(0.3) ? 10 : null,
    });
    plan.poiCategories.push({ poiId, categoryId: catalog.category[shop.category]! });
    const poi = { poiId };
    traits.text(poi, 'OPENING_HOURS', rng.pick(['9:00–21:00', '10:00–20:00', '7:00–19:00']));
    traits.list(
      poi,
      'PAYMENT_METHODS',
      rng.chance(0.5) ? ['Bankkártya', 'Mobilfizetés'] : ['Bankkártya', 'Készpénz', 'SZÉP-kártya'],
    );
    traits.text(poi, 'SITE_WEB', shop.url);
    traits.text(poi, 'SITE_PHONE', `+36 30 555 ${String(2000 + poiId).slice(-4)}`);
  }
  return locationId;
}

/** Makes sure every connector state of SPEC §4 appears somewhere in the plan. */
function coverEveryStatus(plan: SeedPlan) {
  const present = new Set(plan.chargers.map((c) => c.status));
  const missing = statusWeights.map(([st]) => st).filter((st) => !present.has(st));
  missing.forEach((status: ChargerStatus, k) => {
    const charger = plan.chargers[Math.floor(((k + 0.5) / missing.length) * plan.chargers.length)]!;
    charger.status = status;
  });
}

export interface DemoSeedOptions {
  /**
   * Sandbox only: also the demo lot admin with its public password (demo-parking-access.ts).
   * Never in production.
   */
  demoLotAdmin?: boolean;
}

/** The demo network of §2 of the issue: real places, every state, free and paid tariffs. */
export async function seedDemoData(db: Db, options: DemoSeedOptions = {}): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await seedReferenceData(t);
    const plan = await SeedPlan.start(t);
    const rng = new Rng(DEMO_SEED);
    const catalog = planCatalog(plan);
    demoLocations.forEach((loc, i) => planDemoLocation(plan, rng, catalog, loc, i, 'HU-VP-'));
    coverEveryStatus(plan);
    await plan.write(t);
    await seedLoyaltyDemo(t);
    await seedDemoPermits(t);
    if (options.demoLotAdmin) await seedDemoLotAdmin(t);

    await t.insert(newsPosts).values(
      newsList.map((n) => ({
        publicationId: n.publicationId,
        titleHu: n.titleHu,
        titleEn: n.titleEn,
        descriptionHu: n.descHu,
        descriptionEn: n.descEn,
        contentHu: n.contentHu,
        contentEn: n.contentEn,
        date: new Date(n.date),
        primaryImage: n.primary,
        secondaryImage: n.secondary,
        onlyDisappearsWhenClicked: n.onlyDisappearsWhenClicked ?? false,
        published: n.published ?? true,
      })),
    );
    await t.insert(frontPageAds).values([
      {
        imageAltHu: 'Téli akció: 20% kedvezmény a DC töltésből hétköznap 22 és 6 óra között',
        imageAltEn: 'Winter offer: 20% off DC charging on weekdays between 22:00 and 6:00',
        fileName: 'ad-winter-charging.svg',
        smallFileName: 'ad-winter-charging-small.svg',
        targetUrl: 'https://voltpark.example.hu/teli-akcio',
        timeoutInSeconds: 8,
        secondsToShowAgain: 86_400,
        activeFrom: new Date('2026-01-01T00:00:00Z'),
        activeTo: null,
        active: true,
      },
      {
        imageAltHu: 'Nyári balatoni töltés (lejárt)',
        imageAltEn: 'Summer charging at Lake Balaton (expired)',
        fileName: 'ad-winter-charging.svg',
        smallFileName: 'ad-winter-charging-small.svg',
        targetUrl: 'https://voltpark.example.hu/balaton',
        timeoutInSeconds: 5,
        secondsToShowAgain: 3600,
        activeFrom: new Date('2025-06-01T00:00:00Z'),
        activeTo: new Date('2025-09-01T00:00:00Z'),
        active: true,
      },
    ]);
    await t
      .insert(footerTexts)
      .values(footerTextList.map(([textHu, textEn]) => ({ textHu, textEn })));
    await t
      .insert(appMeta)
      .values({ key: DEMO_MARKER_KEY, value: new Date().toISOString() })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: new Date().toISOString() } });
  });
}

/** Seeds the demo network into a new database (never into one that already has data). */
export async function seedDemoDataIfEmpty(
  db: Db,
  log: { info: (msg: string) => void },
  options: DemoSeedOptions = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // One replica seeds; the others wait here and then find the data.
    await t.execute(sql`select pg_advisory_xact_lock(7316240922)`);
    const [marker] = await t.select().from(appMeta).where(eq(appMeta.key, DEMO_MARKER_KEY));
    const [{ count } = { count: 0 }] = await t
      .select({ count: sql<number>`count(*)::int` })
      .from(locations);
    if (marker || count > 0) return false;
    await seedDemoData(t, options);
    log.info(`Seeded the demo network: ${demoLocations.length} locations`);
    return true;
  });
}
