// Page group "account" (not among the spec's named groups; kept apart so the home chunk stays small):
// the registration page (/register) and the emailed reset-password link's page (/resetPassword).
export { RegisterPage } from '../../features/auth/RegisterPage.tsx';
export { ResetPasswordPage } from '../../features/auth/ResetPasswordPage.tsx';
