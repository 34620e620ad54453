export { WelcomePage } from './WelcomePage';
export { BillingWizardPage, CarsWizardPage, ProfileWizardPage } from './WizardStepPage';
