/** Query keys of the reports feature. */
export const reportKeys = {
  all: ['reports'] as const,
  frameUrl: (p: { reportId: string; frame: string; email: string; userId: string | null; properties: string[]; customers: string[]; period: { from: string; to: string } | null }) =>
    ['reports', 'frame-url', p.reportId, p.frame, p.email, p.userId, p.properties, p.customers, p.period?.from ?? null, p.period?.to ?? null] as const,
};
