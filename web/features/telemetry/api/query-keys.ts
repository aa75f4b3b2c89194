/** Query keys of the telemetry dashboard, from one place. */
export const telemetryKeys = {
  all: (customerId: string) => ['telemetry', customerId] as const,
  analytics: (customerId: string) => ['telemetry', customerId, 'analytics'] as const,
  devices: (customerId: string) => ['telemetry', customerId, 'devices'] as const,
  alerts: (customerId: string) => ['telemetry', customerId, 'alerts'] as const,
  thresholds: (customerId: string, propertyId: string) => ['telemetry', customerId, 'thresholds', propertyId] as const,
  /** Per selection (a new building choice clears loaded data) and device list. */
  samples: (customerId: string, selection: object, deviceIds: string[]) => ['telemetry', customerId, 'samples', selection, deviceIds.join('\n')] as const,
  /** The energy and runtime estimates of the devices in view over a period (with their drift, or not). */
  insight: (customerId: string, deviceIds: string[], period: { from: string; to: string }, baseline = false) =>
    ['telemetry', customerId, 'insight', period.from, period.to, baseline ? 'baseline' : 'period', deviceIds.join('\n')] as const,
};
