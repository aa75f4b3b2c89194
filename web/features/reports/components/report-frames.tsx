export interface ReportSummary {
  id: string;
  name: string;
  group: string;
  /** The configured frame URLs of the report (unsigned); each is sent as `_url`. */
  frames: string[];
}

export interface ReportFramesProps {
  report: ReportSummary;
  /** The user whose view this is: the signed-in user, or the customer user chosen in "view as". */
  viewedEmail: string;
  viewedUserId: number | null;
  /** Property and customer ids of the viewed user (the server narrows to their assignments anyway). */
  properties: string[];
  customers: string[];
}

/** Placeholder (issue 6 replaces it): the report's frames in a grid, each an iframe 'Sigma Report'. */
export function ReportFrames({ report }: ReportFramesProps) {
  return <div data-report={report.id} />;
}
