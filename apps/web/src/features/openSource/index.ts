export { OpenSourcePage, type LicenceEntry } from './OpenSourcePage';
