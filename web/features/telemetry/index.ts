// The telemetry dashboard (loaded on first use by the home screen) and what it reads first, to fetch ahead.
export { TelemetryDashboard } from './components/telemetry-dashboard';
export type { TelemetryDashboardProps } from './components/telemetry-dashboard';
export { prefetchDashboard } from './prefetch';
