export { CardsScreen, CardsPage } from './CardsScreen';
export { PrepaidResultPage } from './PrepaidResultPage';
