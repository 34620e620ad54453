export {
  AboutPage,
  GtcHuPage,
  GtcPage,
  PrivacyHuPage,
  PrivacyPage,
  PrivacyWizardPage,
  SupportPage,
} from './LegalPages';
export { LegalText } from './LegalPages';
export { legalDocument } from './texts';
export { legalDocumentPath } from './paths';
