// Placeholder until the telemetry dashboard lands (issue 7); the home screen mounts this export.
export { TelemetryDashboard } from './components/telemetry-dashboard';
export type { TelemetryDashboardProps } from './components/telemetry-dashboard';
