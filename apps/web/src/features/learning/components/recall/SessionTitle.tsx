import type { Card } from '@arbor/contract';
import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReviewSessionSpec } from './review-session-link.ts';

/**
 * Which session this is (one subject's, review ahead, the at-risk ones), with the subject's title once
 * a card has named it.
 */
export function SessionTitle({ session, cards }: { session: ReviewSessionSpec; cards: readonly Card[] | null }) {
  const { t } = useTranslation('recall');
  const subject = session.subject
    ? (cards?.find((card) => card.subject.uuid === session.subject!.uuid)?.subject.title ?? t('session.oneSubject'))
    : null;
  const kind =
    session.mode === 'ahead'
      ? t('session.ahead', { count: session.days ?? 1 })
      : session.mode === 'at_risk'
        ? t('session.atRisk')
        : t('session.due');
  return (
    <Title order={1} size="h4" data-testid="review-session-title">
      {subject ? t('session.titleOf', { kind, subject }) : kind}
    </Title>
  );
}
