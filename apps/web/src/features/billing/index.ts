export { BillingPage } from './BillingPage';
export { BillingScreen } from './BillingScreen';
