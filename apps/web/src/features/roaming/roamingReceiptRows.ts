import type { TFunction } from 'i18next';
import type { Receipt, RoamingReceiptDetails } from '@voltpark/contract';
import { formatDateTime, formatMoney, formatNumber } from '@/shared/format';
import type { Lang } from '@/shared/i18n';

/**
 * Decision 0048: the label–value rows of a receipt of a charge at a partner's charger: where
 * (partner, site, address, EVSE), when, how much energy, the price split into the partner's
 * cost and our roaming fee, the VAT in the gross, the total and how it was paid (the card's mask,
 * decision 0057). Rows without a
 * value (a CDR without an address) are left out.
 */
export function roamingReceiptRows(
  r: Receipt,
  roaming: RoamingReceiptDetails,
  t: TFunction,
  lang: Lang,
): [string, string][] {
  const rows: [string, string | null][] = [
    [t('charging.receipt.id'), String(r.rowNumber)],
    [t('roamingReceipt.partner'), roaming.partnerName],
    [t('roamingReceipt.site'), roaming.siteName],
    [t('roamingReceipt.address'), roaming.siteAddress],
    [t('roamingReceipt.evse'), roaming.evseId],
    [t('roamingReceipt.start'), roaming.startedAt && formatDateTime(roaming.startedAt, lang)],
    [t('roamingReceipt.end'), roaming.endedAt && formatDateTime(roaming.endedAt, lang)],
    [t('charging.receipt.energy'), `${formatNumber(r.consumedEnergyInKW, 2)} kWh`],
    [t('roamingReceipt.partnerCost'), formatMoney(roaming.partnerCost)],
    [t('roamingReceipt.roamingFee'), formatMoney(roaming.roamingFee)],
    [t('roamingReceipt.vat', { percent: roaming.vatPercent }), formatMoney(roaming.vatAmount)],
    [t('roamingReceipt.total'), formatMoney(r.grossPrice)],
    [
      t(
        roaming.paymentMethod === 'card'
          ? 'roamingReceipt.paidByCard'
          : 'roamingReceipt.paidFromWallet',
      ),
      formatMoney(roaming.paidAmount),
    ],
    // Decision 0057: the card by its mask, only when SimplePay gave one.
    [
      t('roamingReceipt.card', { count: roaming.cardMasks?.length ?? 0 }),
      roaming.cardMasks?.length ? roaming.cardMasks.join(', ') : null,
    ],
    [t('charging.receipt.issueDate'), formatDateTime(r.issueDate, lang)],
    [t('charging.receipt.state'), t(r.paid ? 'charging.receipt.paid' : 'charging.receipt.unpaid')],
  ];
  return rows.filter((row): row is [string, string] => Boolean(row[1]));
}
