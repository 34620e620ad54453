export { HomeActions } from './HomeActions';
