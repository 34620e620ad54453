export { ParkingLotView } from './ParkingLotView';
