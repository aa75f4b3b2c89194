export { useReports, type Report } from './api/get-reports';
export { useTelemetryCustomer, type TelemetryCustomer } from './api/get-telemetry-customer';
export { useUserCustomers } from './api/get-user-customers';
export { useUserProperties, type PortalUser } from './api/get-user-properties';
export { AppHeader } from './components/app-header';
export { ReportSidebar } from './components/report-sidebar';
export { defaultReport, headerCustomerText } from './shell-logic';
export { shellStrings } from './strings';
export { BuildIcon } from './components/icons';
