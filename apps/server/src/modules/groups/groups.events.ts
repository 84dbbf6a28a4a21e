import type { Deps } from '../../deps.ts';
import { subjectKeyOf } from '../learning/index.ts';
import { findAssignmentsOfMember } from './groups.repository.ts';
import { runReminders, startReminderTicker } from './reminders.service.ts';

/** A group as notifications name it. */
export interface GroupRef {
  id: number;
  uuid: string;
  name: string;
}

/** What the groups module announces (notifications turns each into notifications and e-mails). */
declare module '../../lib/events/events.ts' {
  interface DomainEventMap {
    /** `memberId` joined: told to the owner and mentors (`recipientIds`) */
    'group.member_joined': { group: GroupRef; memberId: number; recipientIds: number[] };
    /** a new assignment of `title`, told to the members */
    'group.assignment_created': { group: GroupRef; title: string; actorId: number; recipientIds: number[] };
    /** owner or mentor `actorId` nudged these members on an assignment of `title` */
    'group.assignment_nudged': {
      group: GroupRef;
      title: string;
      actorId: number;
      recipientIds: number[];
      /** the nudger's own words (≤ 500), sent in the e-mail */
      message?: string;
    };
    /** the reminders job: due tomorrow (`soon`) or past due (`overdue`) */
    'group.assignment_due': { group: GroupRef; title: string; when: 'soon' | 'overdue'; recipientIds: number[] };
  }
}

declare module '../../lib/jobs/jobs.ts' {
  interface JobMap {
    /** the daily reminders of due and overdue assignments (`day`: the UTC day it is for) */
    'groups.reminders': { day: string };
  }
}

/**
 * Registers the reminders job and its daily ticker, and installs the reader of a learner's
 * assignments into learning's runtime entry (`/api/learn/subjects/`).
 */
export function subscribeGroups(deps: Deps): () => void {
  deps.jobs.handle('groups.reminders', () => runReminders(deps));
  deps.runtime.subjectAssignments.read = async (userId, subjects) => {
    const rows = await findAssignmentsOfMember(deps.db, userId, subjects);
    const wanted = new Set(subjects.map(subjectKeyOf));
    const byKey = new Map<string, Array<{ group: { uuid: string; name: string }; due_date: string | null }>>();
    for (const row of rows) {
      const key = subjectKeyOf({ kind: row.subject_kind, subjectId: row.subject_id });
      if (!wanted.has(key)) continue;
      const list = byKey.get(key) ?? [];
      list.push({ group: { uuid: row.uuid, name: row.name }, due_date: row.due_date });
      byKey.set(key, list);
    }
    return byKey;
  };
  return startReminderTicker(deps);
}
