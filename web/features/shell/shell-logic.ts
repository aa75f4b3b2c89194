import { titleCase } from '../../components/text/display-name';
import { DEFAULT_REPORT_GROUP, DEFAULT_REPORT_NAME, TRAILING_REPORT_NAMES } from '../../config/constants';

export { titleCase };

export interface HeaderCustomerInput {
  /** The signed-in user is an administrator looking at their own view. */
  adminOwnView: boolean;
  customerNames: readonly string[];
}

/** The header's customer text: 'Admin', the title-cased comma-joined names, or 'No customer on account'. */
export function headerCustomerText(input: HeaderCustomerInput, texts: { admin: string; noCustomer: string }): string {
  if (input.adminOwnView) return texts.admin;
  const names = input.customerNames.map((n) => n.trim()).filter(Boolean).map(titleCase);
  return names.length > 0 ? names.join(', ') : texts.noCustomer;
}

export interface NamedReport {
  id: string;
  name: string;
  group?: string | null;
}

export interface ReportGroup<R> {
  name: string;
  /** False for the default group, whose reports are listed without a header. */
  hasHeader: boolean;
  reports: R[];
}

export interface GroupedReports<R> {
  groups: ReportGroup<R>[];
  /** Utilities then Analytics, listed after the groups. */
  trailing: R[];
}

/**
 * Sidebar order: reports other than Utilities and Analytics grouped by group (default General),
 * groups in the order they first appear; then Utilities and Analytics.
 */
export function groupReports<R extends NamedReport>(reports: readonly R[]): GroupedReports<R> {
  const trailingNames: readonly string[] = TRAILING_REPORT_NAMES;
  const groups: ReportGroup<R>[] = [];
  for (const report of reports) {
    if (trailingNames.includes(report.name)) continue;
    const name = report.group?.trim() || DEFAULT_REPORT_GROUP;
    let group = groups.find((g) => g.name === name);
    if (!group) {
      group = { name, hasHeader: name !== DEFAULT_REPORT_GROUP, reports: [] };
      groups.push(group);
    }
    group.reports.push(report);
  }
  const trailing = TRAILING_REPORT_NAMES.flatMap((n) => reports.filter((r) => r.name === n));
  return { groups, trailing };
}

/** The report named Dashboard, else the first report, else null. */
export function defaultReport<R extends NamedReport>(reports: readonly R[]): R | null {
  return reports.find((r) => r.name === DEFAULT_REPORT_NAME) ?? reports[0] ?? null;
}
