export { WelcomePage } from './WelcomePage';
export {
  BillingWizardPage,
  CardsWizardPage,
  CarsWizardPage,
  ProfileWizardPage,
} from './WizardStepPage';
