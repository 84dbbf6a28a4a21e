import type { ReportTarget } from './report-target.ts';

export type { ReportTarget };

/**
 * Opens the report dialog (reason and details) for one target. Loaded on first use with its
 * translations, so any page (an author page too) can offer "Report" without paying for it upfront.
 */
export function openReportDialog(target: ReportTarget): Promise<void> {
  return import('../components/report/ReportDialog.tsx').then((m) => m.showReportDialog(target));
}
