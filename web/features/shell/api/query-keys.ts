/** Query keys of the shell feature. */
export const shellKeys = {
  reports: ['shell', 'reports'] as const,
  userCustomers: (email: string) => ['shell', 'user-customers', email] as const,
  userProperties: (email: string) => ['shell', 'user-properties', email] as const,
  telemetryCustomer: (customerId: string) => ['shell', 'telemetry-customer', customerId] as const,
};
