export { ChargeStart } from './ChargeStart';
export { ChargePoller } from './ChargePoller';
export { ChargeHistoryPage } from './ChargeHistoryPage';
export { ReceiptPage } from './ReceiptPage';
export { PaymentResultPage } from './PaymentResultPage';
export { AlreadyChargingOr } from './AlreadyCharging';
