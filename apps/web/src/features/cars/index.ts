export { CarsPage } from './CarsPage';
export { CarsScreen } from './CarsScreen';
