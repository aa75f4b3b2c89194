/** The routes of spec section 2. */
export const paths = {
  login: '/',
  home: '/home',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  registration: '/user-registration',
} as const;
