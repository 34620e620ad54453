import { z } from 'zod';
import { route } from './route.js';
import { envelope } from './envelope.js';
import { latitude, limits, longitude, outletTypeSchema, qBool, qId, trimmed } from './common.js';
import { traitValueSchema } from './traits.js';
import { chargerSummarySchema } from './chargers.js';
import { poiSchema } from './pois.js';
import { parkingLotSummarySchema } from './parking.js';
import { partnerSiteSchema } from './partnerSite.js';

/**
 * One map marker. Kept small: the whole list is fetched at once (50,000 locations must stay
 * small), so absent flags and empty lists are left out rather than sent as false/[].
 */
export const locationListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  fullAddress: z.string(),
  city: z.string(),
  lat: z.number(),
  lng: z.number(),
  hasCharger: z.boolean().optional(),
  hasPoi: z.boolean().optional(),
  hasParking: z.boolean().optional(),
  /** At least one charger is AVAILABLE or PREPARING. */
  available: z.boolean().optional(),
  outlets: z.array(outletTypeSchema).optional(),
  /** Highest charger power at the location, kW. */
  maxPowerKw: z.number().optional(),
  /** At least one shop here accepts points. */
  acceptsPoints: z.boolean().optional(),
  /** The parking lot's tariff (only with a parking lot that has one): free, Ft/hour, free minutes. */
  parkingFree: z.boolean().optional(),
  parkingUnitGross: z.number().int().optional(),
  parkingFreeMinutes: z.number().int().optional(),
  distanceInKm: z.number().optional(),
  /** A roaming partner's site (decision 0039): the partner's name. Absent for our own sites. */
  partnerName: z.string().optional(),
});
export type LocationListItem = z.infer<typeof locationListItemSchema>;

export const addressSchema = z.object({
  full: z.string(),
  countryCode: z.string(),
  zipCode: z.string(),
  city: z.string(),
  street: z.string(),
  addressType: z.string(),
  houseNumber: z.string(),
});

export const locationDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: addressSchema,
  fullAddress: z.string(),
  lat: z.number(),
  lng: z.number(),
  hasCharger: z.boolean(),
  hasPoi: z.boolean(),
  hasParking: z.boolean(),
  available: z.boolean(),
  outlets: z.array(outletTypeSchema),
  description: z.string().nullable(),
  traits: z.array(traitValueSchema),
  chargers: z.array(chargerSummarySchema),
  pois: z.array(poiSchema),
  parkingLotId: z.number().int().nullable(),
  parkingLot: parkingLotSummarySchema.nullable(),
  /**
   * A roaming partner's site (decision 0039): its EVSEs, status and prices. `chargers` is empty
   * there (charging at it cannot be started from the app yet). Absent for our own sites.
   */
  partnerSite: partnerSiteSchema.optional(),
});
export type LocationDetail = z.infer<typeof locationDetailSchema>;

/** SPEC §3 Filter. Every field optional; applied in SQL. */
export const locationFilterSchema = z.object({
  city: trimmed().optional(),
  outletType: outletTypeSchema.optional(),
  currentType: z.enum(['AC', 'DC', 'all']).optional(),
  performanceFrom: z.coerce.number().min(0).max(limits.performanceMaxKw).optional(),
  searchCharger: qBool.optional(),
  searchPoi: qBool.optional(),
  searchParking: qBool.optional(),
  onlyPointAccepter: qBool.optional(),
  onlyAvailableChargers: qBool.optional(),
  selectedCategory: qId.optional(),
  subcategory: qId.optional(),
  /** Comma-separated category ids, or the parameter repeated. */
  selectedSubCategories: z
    .union([z.string(), z.array(z.string())])
    .transform((v, ctx) => {
      const parts = (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean);
      const ids = parts.map(Number);
      if (ids.some((n) => !Number.isInteger(n) || n <= 0 || n > 2_147_483_647)) {
        ctx.addIssue({ code: 'custom', message: 'invalid.categoryIds' });
        return z.NEVER;
      }
      return ids;
    })
    .optional(),
  latitude: latitude.optional(),
  longitude: longitude.optional(),
});
export type LocationFilter = z.infer<typeof locationFilterSchema>;

/** The SPEC §3 filter for map-points: the same fields, without the distance ordering. */
export const mapPointsQuerySchema = locationFilterSchema.omit({ latitude: true, longitude: true });
export type MapPointsQuery = z.infer<typeof mapPointsQuerySchema>;

/** At most this many ids per map-labels call (the text list shows 50; visible markers fit). */
export const MAP_LABELS_MAX_IDS = 200;

export const mapLabelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  fullAddress: z.string(),
  /** A roaming partner's site (decision 0039): the partner's name. Absent for our own sites. */
  partnerName: z.string().optional(),
});
export type MapLabel = z.infer<typeof mapLabelSchema>;

export const locationRoutes = {
  locations: route({
    method: 'GET',
    path: '/api/v1/location/locations',
    summary: 'Every location as a compact map marker (gzip, ETag)',
    tag: 'location',
    auth: 'none',
    owner: 'foundation',
    response: envelope(z.array(locationListItemSchema)),
  }),
  /**
   * Not in SPEC §7: the map's own compact form of `locations` (decision 0009). Binary, see
   * mapPoints.ts; gzip/br and ETag like `locations`.
   */
  mapPoints: route({
    method: 'GET',
    path: '/api/v1/location/map-points',
    summary:
      'Every location as id, position and flags in a compact binary layout for the map (application/vnd.voltpark.map-points; gzip/br, ETag); the SPEC §3 filter applies',
    tag: 'location',
    auth: 'none',
    owner: 'foundation',
    query: mapPointsQuerySchema,
    response: z.null(),
    raw: 'file',
  }),
  /** Not in SPEC §7: names and addresses for map-points, on demand (decision 0009). */
  mapLabels: route({
    method: 'GET',
    path: '/api/v1/location/map-labels',
    summary: 'Name and address of the given active locations (comma-separated ids, at most 200)',
    tag: 'location',
    auth: 'none',
    owner: 'foundation',
    query: z.object({
      ids: z.union([z.string(), z.array(z.string())]).transform((v, ctx) => {
        const parts = (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean);
        const ids = parts.map(Number);
        if (
          ids.length === 0 ||
          ids.length > MAP_LABELS_MAX_IDS ||
          ids.some((n) => !Number.isInteger(n) || n <= 0 || n > 2_147_483_647)
        ) {
          ctx.addIssue({ code: 'custom', message: 'invalid.locationIds' });
          return z.NEVER;
        }
        return [...new Set(ids)];
      }),
    }),
    response: envelope(z.array(mapLabelSchema)),
  }),
  filteredLocations: route({
    method: 'GET',
    path: '/api/v1/location/filtered-locations',
    summary: 'Locations matching the SPEC §3 filter, nearest first when coordinates are given',
    tag: 'location',
    auth: 'none',
    owner: 'foundation',
    query: locationFilterSchema,
    response: envelope(z.array(locationListItemSchema)),
  }),
  closestLocation: route({
    method: 'GET',
    path: '/api/v1/location/closest-location',
    summary: 'Id of the nearest location with an available charger, or null',
    tag: 'location',
    auth: 'none',
    owner: 'foundation',
    query: z.object({
      latitude,
      longitude,
      product: z.enum(['charger', 'service', 'parking']).default('charger'),
    }),
    response: envelope(z.number().int().nullable()),
  }),
  location: route({
    method: 'GET',
    path: '/api/v1/location/location',
    summary: 'One location with its chargers, shops, parking lot and traits',
    tag: 'location',
    auth: 'none',
    owner: 'foundation',
    query: z.object({ id: qId, refresh: qBool.optional() }),
    response: envelope(locationDetailSchema),
  }),
  locationChargerPoi: route({
    method: 'GET',
    path: '/api/v1/location/location-charger-poi/:id',
    summary: 'One location and the base address of shop pictures',
    tag: 'location',
    auth: 'none',
    owner: 'foundation',
    params: z.object({ id: qId }),
    response: envelope(z.object({ location: locationDetailSchema, pictureBase: z.string() })),
  }),
};
