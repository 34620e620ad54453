export { paymentResultStatus } from './status';
export type { PaymentResultKind, PaymentResultStatus } from './status';
export { useBackRedirect } from './useBackRedirect';
export type { BackRedirect } from './useBackRedirect';
export { PaymentReturnNotice } from './PaymentReturnNotice';
