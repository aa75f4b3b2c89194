/** The routes of spec section 2. */
export const paths = {
  login: '/',
  home: '/home',
  /** Beyond the spec: one report of /home, by its id (/home/quotes), so it can be reloaded, bookmarked and sent. */
  report: (id: string) => `/home/${encodeURIComponent(id)}`,
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  registration: '/user-registration',
  /** Beyond the spec (issue 20): the mails' unsubscribe link, public (/unsubscribe?token=...). */
  unsubscribe: '/unsubscribe',
} as const;
