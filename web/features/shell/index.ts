export { getReports, reportsQuery, useReports, type Report } from './api/get-reports';
export { useTelemetryCustomer, type TelemetryCustomer } from './api/get-telemetry-customer';
export { useUserCustomers, userCustomersQuery } from './api/get-user-customers';
export { getUserProperties, useUserProperties, userPropertiesQuery, type PortalUser } from './api/get-user-properties';
export { AppHeader } from './components/app-header';
export { ReportSidebar } from './components/report-sidebar';
export { defaultReport, headerCustomerText } from './shell-logic';
export { shellStrings } from './strings';
export { BuildIcon } from './components/icons';
