import type {
  Lang,
  PartnerPrice,
  PartnerPriceChange,
  PartnerPriceComponent,
} from '@voltpark/contract';
import type { PriceComponent } from '@voltpark/contract/ocpi/tariffs';
import type { PartnerTariffDetail } from './partner-locations-read.js';
import { addDays, localClock, wallTime, zonedInstant, type LocalClock } from './tariff-clock.js';
import { chargeCondition, clockBoundaries, clockHolds } from './tariff-restrictions.js';

/** The price a driver of ours pays in our money: the only currency shown (no conversion). */
const OUR_CURRENCY = 'HUF';
const LOOK_AHEAD_MS = 24 * 3600 * 1000;

/** For which charge the price is shown: one started at `now`, at this site and connector. */
export interface PriceMoment {
  now: Date;
  /** The Location's time zone (usableTimeZone). */
  timeZone: string;
  /** The connector's power, kW; null if unknown. */
  connectorKw: number | null;
}

const validAt = (t: PartnerTariffDetail, now: Date) =>
  (t.startDateTime === null || Date.parse(t.startDateTime) <= now.getTime()) &&
  (t.endDateTime === null || Date.parse(t.endDateTime) > now.getTime());

/**
 * Of a connector's tariffs valid now (`start_date_time`/`end_date_time`), the one for a driver
 * with a contract (REGULAR, or untyped), else a PROFILE_* one, else the first.
 */
export function driverTariff(
  tariffs: PartnerTariffDetail[],
  now: Date,
): PartnerTariffDetail | null {
  const valid = tariffs.filter((t) => validAt(t, now));
  return (
    valid.find((t) => t.type === null || t.type === 'REGULAR') ??
    valid.find(
      (t) => t.type === 'PROFILE_CHEAP' || t.type === 'PROFILE_FAST' || t.type === 'PROFILE_GREEN',
    ) ??
    valid[0] ??
    null
  );
}

/** The partner's own words in the caller's language, else in Hungarian, else the first. */
function altText(t: PartnerTariffDetail, lang: Lang) {
  const by = (l: string) => t.altText.find((x) => x.language.toLowerCase() === l);
  return by(lang) ?? by('hu') ?? t.altText[0] ?? null;
}

/** A component as the driver pays it: partner price with its VAT, plus our fee, whole forints. */
function money(c: PriceComponent, feePercent: number) {
  const partnerGross = c.price * (1 + (c.vat ?? 0) / 100);
  const grossFt = Math.round(partnerGross * (1 + feePercent / 100));
  return { grossFt, roamingFeeFt: grossFt - Math.round(partnerGross) };
}

/**
 * The components a charge started at this wall-clock moment may pay (decision 0047): per
 * dimension, in the tariff's order, every element whose clock restrictions hold, up to and
 * including the first without charge restrictions (OCPI uses the first that holds; later ones
 * can never apply). Components of charge-restricted elements carry their condition; the
 * unrestricted one after them is "otherwise". Reservation elements are skipped (we do not reserve).
 */
function componentsAt(
  tariff: PartnerTariffDetail,
  clock: LocalClock,
  feePercent: number,
  connectorKw: number | null,
): PartnerPriceComponent[] {
  const byType = new Map<PriceComponent['type'], PartnerPriceComponent[]>();
  const settled = new Set<PriceComponent['type']>();
  for (const element of tariff.elements) {
    const r = element.restrictions;
    if (r?.reservation || !clockHolds(r, clock)) continue;
    const condition = chargeCondition(r, connectorKw);
    if (condition === 'never') continue;
    const here = new Set<PriceComponent['type']>();
    for (const c of element.price_components) {
      if (settled.has(c.type) || here.has(c.type)) continue;
      here.add(c.type);
      const lines = byType.get(c.type) ?? [];
      lines.push({
        type: c.type,
        ...money(c, feePercent),
        stepSize: c.step_size,
        conditional: condition !== null,
        ...(condition ? { condition } : {}),
        ...(condition === null && lines.length > 0 ? { otherwise: true } : {}),
      });
      byType.set(c.type, lines);
    }
    if (condition === null) for (const t of here) settled.add(t);
  }
  return [...byType.values()].flat();
}

/** A tariff's min/max price as a driver pays it: incl. VAT (as sent, else excl.), plus our fee. */
function chargeLimitFt(p: PartnerTariffDetail['minPrice'], feePercent: number) {
  return p ? Math.round((p.incl_vat ?? p.excl_vat) * (1 + feePercent / 100)) : undefined;
}

const same = (a: PartnerPriceComponent[], b: PartnerPriceComponent[]) =>
  JSON.stringify(a) === JSON.stringify(b);

/** Of the components from a change on, those of the dimensions that change (free: 0 Ft). */
function changed(before: PartnerPriceComponent[], after: PartnerPriceComponent[]) {
  const types = [...new Set([...before, ...after].map((c) => c.type))];
  return types.flatMap((type): PartnerPriceComponent[] => {
    const b = before.filter((c) => c.type === type);
    const a = after.filter((c) => c.type === type);
    if (same(a, b)) return [];
    if (a.length > 0) return a;
    return [
      { type, grossFt: 0, roamingFeeFt: 0, stepSize: b[0]?.stepSize ?? 1, conditional: false },
    ];
  });
}

/**
 * The first moment within 24 hours at which the clock restrictions pick other components: the
 * candidates are the elements' start and end times today and tomorrow, and the coming midnight.
 */
function nextChange(
  tariff: PartnerTariffDetail,
  moment: PriceMoment,
  feePercent: number,
  now: PartnerPriceComponent[],
): PartnerPriceChange | undefined {
  const { timeZone, connectorKw } = moment;
  const today = localClock(moment.now, timeZone).date;
  const minutes = new Set([0, ...tariff.elements.flatMap((e) => clockBoundaries(e.restrictions))]);
  const from = moment.now.getTime();
  const candidates = [today, addDays(today, 1)]
    .flatMap((date) => [...minutes].map((m) => zonedInstant(date, m, timeZone)))
    .filter((at) => at.getTime() > from && at.getTime() <= from + LOOK_AHEAD_MS)
    .sort((a, b) => a.getTime() - b.getTime());
  for (const at of candidates) {
    const clock = localClock(at, timeZone);
    const then = componentsAt(tariff, clock, feePercent, connectorKw);
    if (same(then, now)) continue;
    return {
      at: at.toISOString(),
      time: wallTime(clock.minute),
      tomorrow: clock.date !== today,
      components: changed(now, then),
    };
  }
  return undefined;
}

/**
 * The price of a partner's connector for a charge started now, as a driver pays it (decisions
 * 0039, 0047): the partner's price (excl. VAT) with its VAT, plus our roaming fee (a percentage
 * of it), in whole forints; the components that apply now in the site's time zone, the steps the
 * charge may reach in words, and when the price changes next. A tariff in another currency, or
 * none at all, shows no components (a converted or guessed price would be a made-up one).
 */
export function partnerPrice(
  tariff: PartnerTariffDetail | null,
  feePercent: number,
  lang: Lang,
  moment: PriceMoment,
): PartnerPrice {
  if (!tariff) return { caveat: 'noTariff', components: [], text: null };
  const alt = altText(tariff, lang);
  const text = alt ? { text: alt.text, textLanguage: alt.language } : { text: null };
  if (tariff.currency.toUpperCase() !== OUR_CURRENCY)
    return { caveat: 'currency', components: [], ...text };
  const clock = localClock(moment.now, moment.timeZone);
  const components = componentsAt(tariff, clock, feePercent, moment.connectorKw);
  const minChargeFt = chargeLimitFt(tariff.minPrice, feePercent);
  const maxChargeFt = chargeLimitFt(tariff.maxPrice, feePercent);
  const limited = minChargeFt !== undefined || maxChargeFt !== undefined;
  const caveat = components.some((c) => c.conditional) || limited ? 'conditional' : null;
  const change = nextChange(tariff, moment, feePercent, components);
  return {
    caveat,
    components,
    ...(minChargeFt !== undefined ? { minChargeFt } : {}),
    ...(maxChargeFt !== undefined ? { maxChargeFt } : {}),
    ...text,
    ...(change ? { nextChange: change } : {}),
  };
}
