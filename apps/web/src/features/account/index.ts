export { LoginPage } from './LoginPage';
export { RegisterPage } from './RegisterPage';
export { RegistrationResultPage } from './RegistrationResultPage';
export { ForgottenPasswordPage } from './ForgottenPasswordPage';
export { ProfilePage } from './ProfilePage';
export { AuthorizePage } from './AuthorizePage';
export { ProfileForm } from './ProfilePage';
export {
  displayPhone,
  emailRule,
  focusFirstError,
  MAX_TEXT,
  parsePhone,
  required,
  splitMessages,
} from './rules';
export { FormMessages } from './ui';
