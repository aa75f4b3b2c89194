export { AuthLayout } from './components/auth-layout';
export { ForgotPasswordForm } from './components/forgot-password-form';
export { IdleSignOut } from './components/idle-sign-out';
export { LoginForm } from './components/login-form';
export { SetPasswordForm } from './components/set-password-form';
export { authStrings } from './strings';
