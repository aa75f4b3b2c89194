/** The answers of GET /api/embed/data and /api/embed/table: one definition, in the reports contract. */
export type { ChartData, Column, PageData, TablePage } from '../../lambdas/shared/contract/reports.js';
