export {
  AboutPage,
  GtcHuPage,
  GtcPage,
  PrivacyHuPage,
  PrivacyPage,
  PrivacyWizardPage,
  SupportPage,
} from './LegalPages';
