import type { LearningSubjectSummary } from '@arbor/contract';
import { Badge, Group as Row } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * On `/learn`: which groups assigned this subject to me, and by when. Its words are the groups
 * namespace's (loaded with the `/learn` route), so they stay out of the first bundle.
 */
export function AssignmentBadges({ assignments }: { assignments: LearningSubjectSummary['assignments'] }) {
  const { t, i18n } = useTranslation('groups');
  if (assignments.length === 0) return null;
  return (
    <Row gap={4} data-testid="subject-assignments">
      {assignments.map(({ group, due_date }) => (
        <Badge
          key={group.uuid}
          component={Link}
          to={`/groups/${encodeURIComponent(group.uuid)}`}
          size="sm"
          variant="light"
          color="orange"
          tt="none"
          leftSection={<IconUsersGroup size={12} aria-hidden />}
          style={{ cursor: 'pointer', maxWidth: '100%' }}
        >
          {due_date
            ? t('learn.assignedDue', { group: group.name, date: dueDay(due_date, i18n.language) })
            : t('learn.assigned', { group: group.name })}
        </Badge>
      ))}
    </Row>
  );
}

/** A due date (`YYYY-MM-DD`, a calendar day without a time zone) in the reader's language. */
export function dueDay(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}
