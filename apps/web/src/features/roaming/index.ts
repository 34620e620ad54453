export { RoamingChargePage } from './RoamingChargePage';
export { RoamingChargeIndicator } from './RoamingChargeIndicator';
export { RoamingHistory } from './RoamingHistory';
export { RoamingStartLink } from './RoamingStartLink';
export { RoamingSignIn } from './RoamingSignIn';
export { PartnerPriceLines } from './PartnerPriceLines';
export { roamingReceiptRows } from './roamingReceiptRows';
export { roamingReceiptPdfUrl } from './roamingReceiptFile';
