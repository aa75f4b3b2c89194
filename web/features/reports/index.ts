// Placeholder until embedded reports land (issue 6); the home screen mounts this export.
export { ReportFrames } from './components/report-frames';
export type { ReportFramesProps, ReportSummary } from './components/report-frames';
export { PropertyFilter, type PropertyOption } from './components/property-filter';
export { propertyFilterStrings } from './strings';
