/**
 * Reports (§3 Report, §7 GET /api/{role}/reports/ and POST /api/{role}/reports/generate with category
 * User or Paper): the stored summary shown on screen (the numbers beside the charts) and the reconciliation
 * lists; the xlsx holds the same tables in full.
 */

export const REPORT_CATEGORIES = ['User', 'Paper'] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

/** One labelled count (a bar of a chart, a row of a table). */
export interface ReportCount {
  label: string;
  count: number;
}

export interface ReportTable {
  title: string;
  columns: string[];
  rows: (string | number | null)[][];
}

/** A reconciliation finding: something to fix, with the chair-console path that fixes it. */
export interface ReconciliationItem {
  label: string;
  /** Chair-console path, e.g. /EditPaperRegistration/12. */
  fixPath: string;
  paperId?: number;
  sessionId?: number;
  userId?: number;
}

export interface ReconciliationList {
  key:
    | 'acceptedNotRegistered'
    | 'scheduledPresenterNotRegistered'
    | 'sessionChairNotRegistered'
    | 'lettersNotDownloaded';
  title: string;
  items: ReconciliationItem[];
}

export interface ReportSummary {
  category: ReportCategory;
  /** Named series for charts: e.g. papersByTrack, papersByStatus, usersByRole. */
  counts: Record<string, ReportCount[]>;
  /** Tables shown as they are (acceptance rate per track, reviewer load, registrations and amounts…). */
  tables: ReportTable[];
  /** Paper reports only. */
  reconciliation?: ReconciliationList[];
}

export interface ReportDto {
  _id: number;
  category: ReportCategory;
  createdAt: string;
  createdBy: number | null;
  /** Track ids it covers; null = every track. */
  trackIds: number[] | null;
  size: number;
  summary: ReportSummary;
  /** GET this to download the xlsx. */
  downloadUrl: string;
}

export const REPORT_MESSAGES = {
  category: 'Please choose a report category: User or Paper',
  notFound: 'Report not found',
  generated: 'The report was generated!',
} as const;

/** Chart titles of the count series of ReportSummary.counts (the xlsx names its sheets after them too). */
export const REPORT_COUNT_TITLES: Record<string, string> = {
  papersByTrack: 'Papers by track',
  papersByStatus: 'Papers by status',
  papersByDecision: 'Papers by decision',
  cameraReady: 'Camera-ready (accepted papers)',
  presentationReady: 'Presentation-ready (accepted papers)',
  reviewRequestsByState: 'Review requests by state',
  registeredPapersByTrack: 'Registered papers by track',
  usersByRole: 'Users by role',
  usersByCountry: 'Users by country',
  usersRegistered: 'Users registered or not',
  reviewersByTrack: 'Reviewers by track',
};

/** The series shown as parts of a whole (a pie); the others are bars. */
export const REPORT_PIE_SERIES: readonly string[] = [
  'papersByDecision',
  'cameraReady',
  'presentationReady',
  'reviewRequestsByState',
  'usersRegistered',
];
