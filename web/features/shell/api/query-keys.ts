/**
 * How long a user's profile and customers, once read, are taken as they are: the head start made at
 * Log In (app/routes/home-start.ts) reads them a moment before the home screen mounts, which then
 * uses that read instead of asking again. A change of assignments made here invalidates them at
 * once ('shell'); one made elsewhere shows at the next read after this.
 */
export const FIRST_READ_FRESH_MS = 10_000;

/** Query keys of the shell feature. */
export const shellKeys = {
  reports: ['shell', 'reports'] as const,
  userCustomers: (email: string) => ['shell', 'user-customers', email] as const,
  userProperties: (email: string) => ['shell', 'user-properties', email] as const,
  telemetryCustomer: (customerId: string) => ['shell', 'telemetry-customer', customerId] as const,
};
