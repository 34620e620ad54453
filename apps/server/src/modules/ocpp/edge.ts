import { readMeterValue, type MeterValue } from './meter.js';

/**
 * What a charger sends that the central system cannot take, found before any handler work:
 * charge point ids no charge point can have, and values that pass OCPP's JSON schema but not
 * the database (integers beyond their columns, dates outside PostgreSQL's and JavaScript's
 * range, characters PostgreSQL text and jsonb cannot hold).
 */

/** Ids a charge point can be registered with (the registry enforces it; OCPP allows ≤ 48). */
export const CHARGE_POINT_ID_RE = /^[A-Za-z0-9._~:-]{1,48}$/;

/**
 * The charge point id of an upgrade request for `/ocpp/{id}` (the id percent-encoded, as
 * ocpp-rpc decodes it), or null when no charge point can have it: a NUL or control character,
 * more than 48 characters, invalid percent-encoding, an empty or nested path.
 */
export function chargePointIdOfUrl(url: string | undefined): string | null {
  let pathname: string;
  try {
    // The same parsing as ocpp-rpc's, so the id checked is the id it will use.
    pathname = new URL(`http://localhost${url ?? '/'}`).pathname;
  } catch {
    return null;
  }
  const m = /^\/ocpp\/([^/]+)$/.exec(pathname);
  if (!m) return null;
  let id: string;
  try {
    id = decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
  return CHARGE_POINT_ID_RE.test(id) ? id : null;
}

const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;

/** NUL (PostgreSQL text and jsonb cannot hold it) and UTF-16 halves without their pair. */
// eslint-disable-next-line no-control-regex -- NUL is the character searched for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

/** A copy of a JSON value that PostgreSQL can store: unstorable characters become U+FFFD. */
export function storable(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(UNSTORABLE_ALL, '\ufffd');
  if (Array.isArray(value)) return value.map(storable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [storable(k) as string, storable(v)]),
    );
  }
  return value;
}

/** The first string (key or value) PostgreSQL cannot store, as a field path; null if none. */
function unstorableField(value: unknown, path: string): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path || 'payload' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableField(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const field = path ? `${path}.${k}` : k;
      if (UNSTORABLE.test(k)) return path || 'payload';
      const found = unstorableField(v, field);
      if (found) return found;
    }
  }
  return null;
}

type Params = Record<string, unknown>;

const isIn = (v: unknown, min: number, max: number) =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** A charger's date-time both PostgreSQL and JavaScript read (years 1–9999). */
function isUsableTime(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  const d = new Date(v);
  const year = d.getUTCFullYear();
  return !Number.isNaN(d.getTime()) && year >= 1 && year <= 9999;
}

function meterValuesProblem(values: unknown, field: string): string | null {
  if (!Array.isArray(values)) return null;
  for (const [i, mv] of (values as MeterValue[]).entries()) {
    if (!isUsableTime(mv.timestamp)) return `${field}[${i}].timestamp is not a usable date-time`;
    const r = readMeterValue(mv);
    // Stored as bigint Wh and integer W.
    if (r.energyWh !== null && !Number.isSafeInteger(r.energyWh)) {
      return `${field}[${i}] energy register out of range`;
    }
    if (r.powerW !== null && !isIn(r.powerW, INT_MIN, INT_MAX)) {
      return `${field}[${i}] power out of range`;
    }
  }
  return null;
}

/** Range checks per action, on a payload that already passed OCPP's schema. */
const checks: Record<string, (p: Params) => string | null> = {
  StatusNotification: (p) =>
    !isIn(p.connectorId, 0, INT_MAX)
      ? 'connectorId out of range'
      : p.timestamp !== undefined && !isUsableTime(p.timestamp)
        ? 'timestamp is not a usable date-time'
        : null,
  StartTransaction: (p) =>
    !isIn(p.connectorId, 1, INT_MAX)
      ? 'connectorId out of range'
      : !Number.isSafeInteger(p.meterStart)
        ? 'meterStart out of range'
        : p.reservationId !== undefined && !isIn(p.reservationId, INT_MIN, INT_MAX)
          ? 'reservationId out of range'
          : !isUsableTime(p.timestamp)
            ? 'timestamp is not a usable date-time'
            : null,
  StopTransaction: (p) =>
    !isIn(p.transactionId, INT_MIN, INT_MAX)
      ? 'transactionId out of range'
      : !Number.isSafeInteger(p.meterStop)
        ? 'meterStop out of range'
        : !isUsableTime(p.timestamp)
          ? 'timestamp is not a usable date-time'
          : meterValuesProblem(p.transactionData, 'transactionData'),
  MeterValues: (p) =>
    !isIn(p.connectorId, 0, INT_MAX)
      ? 'connectorId out of range'
      : p.transactionId !== undefined && !isIn(p.transactionId, INT_MIN, INT_MAX)
        ? 'transactionId out of range'
        : meterValuesProblem(p.meterValue, 'meterValue'),
};

/**
 * Why a call's payload cannot be taken (a short text for the charger's CALLERROR with
 * PropertyConstraintViolation: "syntactically correct but at least one field contains an
 * invalid value", OCPP-J 1.6 §4.2.3), or null when it can.
 */
export function payloadProblem(action: string, params: unknown): string | null {
  const field = unstorableField(params, '');
  if (field) return `${field} contains a character that is not allowed`;
  const check = checks[action];
  return check && params && typeof params === 'object' ? check(params as Params) : null;
}

/** The integer column value of a transactionId the charger sent, else null. */
export function storableTransactionId(v: unknown): number | null {
  return isIn(v, INT_MIN, INT_MAX) ? (v as number) : null;
}
