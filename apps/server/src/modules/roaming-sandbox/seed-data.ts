import type { Connector, Evse, Location, OcpiStatus } from '@voltpark/contract/ocpi/locations';
import type { PriceComponent, Tariff } from '@voltpark/contract/ocpi/tariffs';
import { VOLTPARTNER } from './party.js';

// The emulated CPO's network on its first start: six sites in Hungarian cities outside
// Budapest, AC 22 kW and DC 50-150 kW, priced in HUF with 27% VAT (Hungarian ÁFA).

export const TARIFF_AC = 'VPT-AC22';
export const TARIFF_DC50 = 'VPT-DC50';
export const TARIFF_DC150 = 'VPT-DC150';

type Kind = 'AC22' | 'DC50' | 'DC150';

interface SiteSeed {
  id: string;
  name: string;
  address: string;
  city: string;
  postalCode: string;
  latitude: string;
  longitude: string;
  parkingType: Location['parking_type'];
  facilities: NonNullable<Location['facilities']>;
  evses: Array<{ n: string; kind: Kind; status: OcpiStatus; floor?: string }>;
}

const SITES: SiteSeed[] = [
  {
    id: 'VPT-DEB-FORUM',
    name: 'Debrecen, Fórum parkolóház',
    address: 'Csapó utca 30.',
    city: 'Debrecen',
    postalCode: '4029',
    latitude: '47.52981',
    longitude: '21.62874',
    parkingType: 'PARKING_GARAGE',
    facilities: ['MALL', 'CAFE'],
    evses: [
      { n: '0101', kind: 'AC22', status: 'AVAILABLE', floor: '-1' },
      { n: '0102', kind: 'AC22', status: 'CHARGING', floor: '-1' },
      { n: '0103', kind: 'DC50', status: 'AVAILABLE', floor: '-1' },
    ],
  },
  {
    id: 'VPT-SZE-MARS',
    name: 'Szeged, Mars tér',
    address: 'Mars tér 9.',
    city: 'Szeged',
    postalCode: '6722',
    latitude: '46.25527',
    longitude: '20.14312',
    parkingType: 'ON_STREET',
    facilities: ['BUS_STOP'],
    evses: [
      { n: '0201', kind: 'AC22', status: 'AVAILABLE' },
      { n: '0202', kind: 'AC22', status: 'OUTOFORDER' },
    ],
  },
  {
    id: 'VPT-PEC-ARKAD',
    name: 'Pécs, Árkád',
    address: 'Bajcsy-Zsilinszky utca 11.',
    city: 'Pécs',
    postalCode: '7622',
    latitude: '46.07213',
    longitude: '18.23356',
    parkingType: 'PARKING_LOT',
    facilities: ['MALL', 'SUPERMARKET'],
    evses: [
      { n: '0301', kind: 'DC150', status: 'AVAILABLE' },
      { n: '0302', kind: 'DC50', status: 'CHARGING' },
      { n: '0303', kind: 'AC22', status: 'AVAILABLE' },
    ],
  },
  {
    id: 'VPT-GYO-BUDAI',
    name: 'Győr, Budai út',
    address: 'Budai út 1.',
    city: 'Győr',
    postalCode: '9027',
    latitude: '47.68127',
    longitude: '17.65324',
    parkingType: 'PARKING_LOT',
    facilities: ['MALL'],
    evses: [
      { n: '0401', kind: 'DC150', status: 'AVAILABLE' },
      { n: '0402', kind: 'DC150', status: 'AVAILABLE' },
    ],
  },
  {
    id: 'VPT-MIS-SZENTPALI',
    name: 'Miskolc, Szentpáli utca',
    address: 'Szentpáli utca 2-6.',
    city: 'Miskolc',
    postalCode: '3525',
    latitude: '48.10215',
    longitude: '20.78518',
    parkingType: 'UNDERGROUND_GARAGE',
    facilities: ['MALL', 'TRAM_STOP'],
    evses: [
      { n: '0501', kind: 'AC22', status: 'AVAILABLE', floor: '-2' },
      { n: '0502', kind: 'DC50', status: 'INOPERATIVE', floor: '-2' },
    ],
  },
  {
    id: 'VPT-EGE-TORVENYHAZ',
    name: 'Eger, Törvényház utca',
    address: 'Törvényház utca 4.',
    city: 'Eger',
    postalCode: '3300',
    latitude: '47.89958',
    longitude: '20.37446',
    parkingType: 'ON_STREET',
    facilities: ['RECREATION_AREA'],
    evses: [
      { n: '0601', kind: 'AC22', status: 'AVAILABLE' },
      { n: '0602', kind: 'AC22', status: 'AVAILABLE' },
    ],
  },
];

function connectorOf(kind: Kind, lastUpdated: string): Connector {
  switch (kind) {
    case 'AC22':
      return {
        id: '1',
        standard: 'IEC_62196_T2',
        format: 'SOCKET',
        power_type: 'AC_3_PHASE',
        max_voltage: 400,
        max_amperage: 32,
        max_electric_power: 22_000,
        tariff_ids: [TARIFF_AC],
        last_updated: lastUpdated,
      };
    case 'DC50':
      return {
        id: '1',
        standard: 'IEC_62196_T2_COMBO',
        format: 'CABLE',
        power_type: 'DC',
        max_voltage: 500,
        max_amperage: 125,
        max_electric_power: 50_000,
        tariff_ids: [TARIFF_DC50],
        last_updated: lastUpdated,
      };
    case 'DC150':
      return {
        id: '1',
        standard: 'IEC_62196_T2_COMBO',
        format: 'CABLE',
        power_type: 'DC',
        max_voltage: 920,
        max_amperage: 200,
        max_electric_power: 150_000,
        tariff_ids: [TARIFF_DC150],
        last_updated: lastUpdated,
      };
  }
}

/** The emulated CPO's locations as first seeded (`lastUpdated` in OCPI DateTime). */
export function seedLocations(lastUpdated: string): Location[] {
  return SITES.map((s) => ({
    country_code: VOLTPARTNER.countryCode,
    party_id: VOLTPARTNER.partyId,
    id: s.id,
    publish: true,
    name: s.name,
    address: s.address,
    city: s.city,
    postal_code: s.postalCode,
    country: 'HUN',
    coordinates: { latitude: s.latitude, longitude: s.longitude },
    parking_type: s.parkingType,
    evses: s.evses.map((e): Evse => ({
      uid: `HU*VPT*E${e.n}`,
      evse_id: `HU*VPT*E${e.n}`,
      status: e.status,
      capabilities: ['REMOTE_START_STOP_CAPABLE', 'RFID_READER'],
      connectors: [connectorOf(e.kind, lastUpdated)],
      ...(e.floor ? { floor_level: e.floor } : {}),
      physical_reference: e.n.slice(2),
      last_updated: lastUpdated,
    })),
    operator: { name: VOLTPARTNER.name, website: VOLTPARTNER.website },
    facilities: s.facilities,
    time_zone: 'Europe/Budapest',
    opening_times: { twentyfourseven: true },
    last_updated: lastUpdated,
  }));
}

const VAT = 27;
/** A HUF price without VAT whose gross (27%) is the whole forint amount given. */
const net = (gross: number) => Math.round((gross / 1.27) * 100) / 100;

const energy = (grossPerKwh: number): PriceComponent => ({
  type: 'ENERGY',
  price: net(grossPerKwh),
  vat: VAT,
  step_size: 1,
});

/**
 * The emulated CPO's tariffs as first seeded. Their texts carry no prices: OCPI 2.2.1 keeps
 * `tariff_alt_text` for what the elements cannot say (an eMSP adds its fees to the prices; the
 * same amounts written by the partner would differ from them and from the app's format).
 */
export function seedTariffs(lastUpdated: string): Tariff[] {
  const base = {
    country_code: VOLTPARTNER.countryCode,
    party_id: VOLTPARTNER.partyId,
    currency: 'HUF',
    type: 'REGULAR' as const,
    last_updated: lastUpdated,
  };
  return [
    {
      ...base,
      id: TARIFF_AC,
      tariff_alt_text: [
        {
          language: 'hu',
          text: 'Parkolási díjat a töltés kezdete után 4 órától számolunk.',
        },
        {
          language: 'en',
          text: 'A parking fee is charged from 4 hours after the start.',
        },
      ],
      elements: [
        { price_components: [energy(150)] },
        {
          price_components: [{ type: 'PARKING_TIME', price: net(1000), vat: VAT, step_size: 60 }],
          restrictions: { min_duration: 4 * 3600 },
        },
      ],
    },
    {
      ...base,
      id: TARIFF_DC50,
      tariff_alt_text: [
        {
          language: 'hu',
          text: 'Töltési idődíjat a töltés kezdete után 45 perctől számolunk.',
        },
        {
          language: 'en',
          text: 'A charging-time fee is charged from 45 minutes after the start.',
        },
      ],
      elements: [
        { price_components: [energy(230)] },
        {
          price_components: [{ type: 'TIME', price: net(2400), vat: VAT, step_size: 60 }],
          restrictions: { min_duration: 45 * 60 },
        },
      ],
    },
    {
      ...base,
      id: TARIFF_DC150,
      tariff_alt_text: [
        {
          language: 'hu',
          text: 'Töltési idődíjat a töltés kezdete után 45 perctől számolunk.',
        },
        {
          language: 'en',
          text: 'A charging-time fee is charged from 45 minutes after the start.',
        },
      ],
      elements: [
        { price_components: [energy(270)] },
        {
          price_components: [{ type: 'TIME', price: net(3600), vat: VAT, step_size: 60 }],
          restrictions: { min_duration: 45 * 60 },
        },
      ],
    },
  ];
}
