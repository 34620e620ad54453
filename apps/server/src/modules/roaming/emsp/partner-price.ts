import type { Lang, PartnerPrice, PartnerPriceComponent } from '@voltpark/contract';
import type { PartnerTariffDetail } from './partner-locations-read.js';

/** The price a driver of ours pays in our money: the only currency shown (no conversion). */
const OUR_CURRENCY = 'HUF';

/** Of a connector's tariffs, the one for a driver with a contract (REGULAR, or untyped). */
export function driverTariff(tariffs: PartnerTariffDetail[]): PartnerTariffDetail | null {
  return (
    tariffs.find((t) => t.type === null || t.type === 'REGULAR') ??
    tariffs.find(
      (t) => t.type === 'PROFILE_CHEAP' || t.type === 'PROFILE_FAST' || t.type === 'PROFILE_GREEN',
    ) ??
    tariffs[0] ??
    null
  );
}

function hasRestrictions(r: object | undefined): boolean {
  return r !== undefined && Object.values(r).some((v) => v !== undefined && v !== null);
}

/** The partner's own words in the caller's language, else in Hungarian, else the first. */
function altText(t: PartnerTariffDetail, lang: Lang): string | null {
  const by = (l: string) => t.altText.find((x) => x.language.toLowerCase() === l)?.text;
  return by(lang) ?? by('hu') ?? t.altText[0]?.text ?? null;
}

/**
 * Every component of a partner's tariff as a driver pays it (decision 0039): the partner's price
 * (excl. VAT) with its VAT, plus our roaming fee (a percentage of it), in whole forints.
 *
 * OCPI applies, per dimension, the first element whose restrictions hold. So an element without
 * restrictions settles its dimensions: later elements' components of those dimensions can never
 * apply and are not shown; components of restricted elements are shown as conditional. A tariff
 * in another currency, or none at all, shows no components (a converted or guessed price would
 * be a made-up one), only why.
 */
export function partnerPrice(
  tariff: PartnerTariffDetail | null,
  feePercent: number,
  lang: Lang,
): PartnerPrice {
  if (!tariff) return { caveat: 'noTariff', components: [], text: null };
  const text = altText(tariff, lang);
  if (tariff.currency.toUpperCase() !== OUR_CURRENCY)
    return { caveat: 'currency', components: [], text };
  const settled = new Set<string>();
  const components: PartnerPriceComponent[] = [];
  for (const element of tariff.elements) {
    const conditional = hasRestrictions(element.restrictions);
    for (const c of element.price_components) {
      if (settled.has(c.type)) continue;
      const partnerGross = c.price * (1 + (c.vat ?? 0) / 100);
      const grossFt = Math.round(partnerGross * (1 + feePercent / 100));
      components.push({
        type: c.type,
        grossFt,
        roamingFeeFt: grossFt - Math.round(partnerGross),
        stepSize: c.step_size,
        conditional,
      });
    }
    if (!conditional) for (const c of element.price_components) settled.add(c.type);
  }
  const limited = tariff.minPrice !== null || tariff.maxPrice !== null;
  const caveat = components.some((c) => c.conditional) || limited ? 'conditional' : null;
  return { caveat, components, text };
}
