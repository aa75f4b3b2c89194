// The report area the home screen mounts: frames, and the Property and Period filters above them.
export { ReportFrames } from './components/report-frames';
export { NoAssignments } from './components/no-assignments';
export type { ReportFramesProps, ReportSummary } from './components/report-frames';
export { PropertyFilter, type PropertyOption } from './components/property-filter';
export { PeriodFilter } from './components/period-filter';
export { periodFromSearch, searchWithPeriod, type Period } from './period';
export { propertyFilterStrings } from './strings';
export { signFrameEarly } from './api/get-frame-url';
