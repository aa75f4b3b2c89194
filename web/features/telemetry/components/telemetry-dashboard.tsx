export interface TelemetryDashboardProps {
  /** The portal customer id whose equipment is shown (the viewed customer's first customer). */
  customerId: string;
  /** The telemetry-service customer's name for 'Viewing insights for', or null ('N/A'). */
  customerName: string | null;
}

/** Placeholder (issue 7 replaces it). */
export function TelemetryDashboard({ customerName }: TelemetryDashboardProps) {
  return <section aria-label="Telemetry">{customerName ?? 'N/A'}</section>;
}
