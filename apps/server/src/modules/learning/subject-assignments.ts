import type { SubjectAssignment } from '@arbor/contract';
import type { CohortSubject } from './cohort.repository.ts';

/**
 * Which groups assigned each of a learner's subjects, keyed `kind:id`. The groups module answers it
 * (it depends on learning, so learning cannot call it): it installs its reader into this app's
 * runtime entry when it subscribes; without one, subjects carry no assignments.
 */
export type SubjectAssignmentsReader = (
  userId: number,
  subjects: readonly CohortSubject[],
) => Promise<Map<string, SubjectAssignment[]>>;

export interface SubjectAssignmentsRuntime {
  read: SubjectAssignmentsReader | null;
}

declare module '../../deps.ts' {
  interface AppRuntime {
    /** the groups module's reader of a learner's assignments (`/api/learn/subjects/`) */
    subjectAssignments: SubjectAssignmentsRuntime;
  }
}

export const createSubjectAssignmentsRuntime = (): SubjectAssignmentsRuntime => ({ read: null });

export const subjectKeyOf = (subject: CohortSubject) => `${subject.kind}:${subject.subjectId}`;
