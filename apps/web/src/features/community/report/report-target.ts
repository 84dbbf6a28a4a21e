import type { ReportTargetKind } from '@arbor/contract';

/** What a report is about: a template (`share`), a review, a comment or a user, by id. */
export interface ReportTarget {
  kind: ReportTargetKind;
  id: number;
}
