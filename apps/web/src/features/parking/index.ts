export { ParkingLotView } from './ParkingLotView';
export { ParkingHistoryPage } from './ParkingHistoryPage';
export { ParkingReceiptPage } from './ParkingReceiptPage';
export { ParkingPaymentResultPage } from './ParkingPaymentResultPage';
export { ParkingIndicator } from './ParkingIndicator';
export { SurchargePage } from './surcharge/SurchargePage';
export { SurchargePaymentResultPage } from './surcharge/SurchargePaymentResultPage';
export { useRunningParkCode } from './runningParkCode';
