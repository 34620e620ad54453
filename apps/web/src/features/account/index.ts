export { LoginPage } from './LoginPage';
export { RegisterPage } from './RegisterPage';
export { RegistrationResultPage } from './RegistrationResultPage';
export { ForgottenPasswordPage } from './ForgottenPasswordPage';
export { ProfilePage } from './ProfilePage';
export { AuthorizePage } from './AuthorizePage';
