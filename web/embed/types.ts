import type { Format } from './format';

/** The answer of GET /embed/api/data (server/modules/reports/embed.pages.ts). */
export interface ChartData {
  id: string;
  title: string;
  type: 'bar' | 'stacked-bar' | 'line' | 'pie' | 'horizontal-bar';
  format: Format;
  categories: string[];
  series: { name: string; data: number[] }[];
}
export interface Column {
  key: string;
  label: string;
  type: 'text' | 'date' | 'money' | 'number';
}
export interface TablePage {
  title: string;
  columns: Column[];
  rows: Record<string, string | number | null>[];
  total: number;
  sort: string;
  dir: 'asc' | 'desc';
}
export interface PageData {
  page: string;
  title: string;
  subtitle: string;
  figures: { label: string; value: number | null; format: Format }[];
  charts: ChartData[];
  table: TablePage;
}
