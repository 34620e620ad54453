import type { Receipt, RoamingReceiptDetails } from '@voltpark/contract';
import type { Cdr } from '@voltpark/contract/ocpi/cdrs';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { roamingEmspCdrs as C, roamingReceipts as RR } from '../../../db/schema/index.js';
import { splitGross, VAT_PERCENT } from '../../invoices/amounts.js';
import { partnerCostOf } from './bill-roaming-cdr.js';
import { roamingReceiptCardMasks } from './roaming-receipt-cards.js';
import { roamingPaymentMethodSql } from './roaming-receipts.js';

/** "4025 Debrecen, Piac utca 20." from a CDR's location, or null without one. */
export function siteAddressOf(cdr: Partial<Cdr>): string | null {
  const loc = cdr.cdr_location;
  if (!loc) return null;
  const city = [loc.postal_code, loc.city].filter(Boolean).join(' ');
  return [city, loc.address].filter(Boolean).join(', ') || null;
}

/**
 * Decision 0048: the price of a roaming receipt split into the partner's cost (the CDR's total,
 * rounded to forints) and our roaming fee (the rest of the billed gross), and the gross into net
 * and VAT with the invoices' own rule (`splitGross`), so the receipt and the invoice line agree.
 */
export function roamingAmounts(gross: number, cdrCost: number) {
  const partnerCost = Math.min(gross, Math.max(0, Math.round(cdrCost)));
  const split = splitGross(gross);
  return {
    partnerCost,
    roamingFee: gross - partnerCost,
    vatPercent: VAT_PERCENT,
    vatAmount: split.vat,
    netAmount: split.net,
  };
}

/**
 * A roaming receipt in the shape of v1/receipt/{rowNumber} (the app's receipt page), with the
 * details of the charge (`roaming`), or null when the caller has no receipt of that number. The
 * snapshot on the receipt gives the partner, site, kWh, times and money; the CDR it was billed
 * from (stored once, never changed) gives the address, the EVSE id and the partner's cost.
 */
export async function roamingReceiptView(
  db: Db,
  userId: number,
  rowNumber: number,
): Promise<Receipt | null> {
  const [row] = await db
    .select({
      receipt: RR,
      cdr: C.object,
      inclVat: C.totalCostInclVat,
      exclVat: C.totalCostExclVat,
      paymentMethod: roamingPaymentMethodSql,
    })
    .from(RR)
    .innerJoin(C, eq(C.id, RR.cdrId))
    .where(and(eq(RR.rowNumber, rowNumber), eq(RR.userId, userId)));
  if (!row) return null;
  const r = row.receipt;
  const cdr = row.cdr as Partial<Cdr>;
  const roaming: RoamingReceiptDetails = {
    partnerName: r.partnerName,
    siteName: r.siteName,
    siteAddress: siteAddressOf(cdr),
    evseId: cdr.cdr_location?.evse_id ?? null,
    startedAt: r.startedAt?.toISOString() ?? null,
    endedAt: r.endedAt?.toISOString() ?? null,
    ...roamingAmounts(
      r.grossPrice,
      partnerCostOf({ totalCostInclVat: row.inclVat, totalCostExclVat: row.exclVat }),
    ),
    paymentMethod: row.paymentMethod,
    paidAmount: r.paidAmount,
    cardMasks: row.paymentMethod === 'card' ? await roamingReceiptCardMasks(db, r) : [],
  };
  return {
    id: r.id,
    rowNumber: r.rowNumber,
    consumedEnergyInKW: Math.round(r.energyWh) / 1000,
    issueDate: r.issuedAt.toISOString(),
    grossPrice: r.grossPrice,
    paid: r.paidAt !== null,
    roaming,
  };
}
