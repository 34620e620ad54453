import type { RoamingCharge } from '@voltpark/contract';

/** A roaming charge for tests (a REQUESTED start at Debrecen Fórum unless told otherwise). */
export function aRoamingCharge(patch: Partial<RoamingCharge> = {}): RoamingCharge {
  return {
    requestId: 5,
    status: 'REQUESTED',
    siteId: 77,
    siteName: 'Debrecen Fórum',
    partnerName: 'VoltPartner Kft.',
    evseUid: 'HU*VPT*E0101',
    connectorId: '1',
    message: null,
    holdAmount: 10_000,
    paymentMethod: 'WALLET',
    paymentUrl: null,
    paymentProblem: null,
    kWh: null,
    costSoFar: null,
    currency: null,
    priceSoFar: null,
    billedAmount: null,
    receiptRowNumber: null,
    startedAt: null,
    ...patch,
  };
}
