// Upcoming visits (issue 30): "Coming up" on the Dashboard and Maintenance. The user menu's calendar
// feed dialog is ./calendar.ts, loaded on first use.
export { ComingUp } from './components/coming-up';
export type { ComingUpProps } from './components/coming-up';
export { visitsText } from './strings';
