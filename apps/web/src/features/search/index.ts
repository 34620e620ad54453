export { LocationSearchPage } from './LocationSearchPage';
export { ParkingSearchPage } from './ParkingSearchPage';
