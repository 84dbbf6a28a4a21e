import type { Report, ReportSubject } from '@arbor/contract';
import { Anchor, Avatar, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MarkdownPreview } from '../../trees/index.ts';
import { subjectPath } from '../model/actions.ts';

function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation('moderation');
  return (
    <Group gap={2} role="img" aria-label={t('stars', { count: rating })}>
      {Array.from({ length: 5 }, (_, i) => (
        <IconStarFilled
          key={i}
          size={14}
          aria-hidden
          color={i < rating ? 'var(--mantine-color-yellow-6)' : 'var(--mantine-color-gray-5)'}
        />
      ))}
    </Group>
  );
}

/** The reported item shown in place: a template card, a review or comment with its text, or a user. */
export function ReportSubjectView({ report }: { report: Report }) {
  const { t } = useTranslation('moderation');
  const subject: ReportSubject | null | undefined = report.subject;
  if (!subject) {
    return (
      <Text size="sm" c="dimmed" fs="italic">
        {t('gone')}
      </Text>
    );
  }
  const path = subjectPath(report);
  const kind = report.target.kind;
  const hiddenBadge = subject.hidden ? (
    <Badge color="orange" variant="light">
      {kind === 'user' ? t('suspended') : t('hidden')}
    </Badge>
  ) : null;
  if (kind === 'user') {
    return (
      <Group gap="sm" wrap="nowrap">
        <Avatar src={subject.author?.avatar_url} alt="" radius="xl" />
        {path ? (
          <Anchor component={Link} to={path} fw={600}>
            @{subject.title}
          </Anchor>
        ) : (
          <Text fw={600}>@{subject.title}</Text>
        )}
        {hiddenBadge}
      </Group>
    );
  }
  const author = subject.author ? t('by', { name: subject.author.username }) : null;
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-body)">
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          {kind === 'share' ? (
            path ? (
              <Anchor component={Link} to={path} fw={600}>
                {subject.title}
              </Anchor>
            ) : (
              <Text fw={600}>{subject.title}</Text>
            )
          ) : subject.rating !== null ? (
            <Stars rating={subject.rating} />
          ) : (
            <span />
          )}
          {hiddenBadge}
        </Group>
        {kind === 'share' ? (
          subject.text ? (
            <Text size="sm" lineClamp={3}>
              {subject.text}
            </Text>
          ) : null
        ) : (
          <MarkdownPreview source={subject.text} />
        )}
        <Group gap="xs" wrap="wrap">
          {author ? (
            <Text size="xs" c="dimmed">
              {author}
            </Text>
          ) : null}
          {kind !== 'share' && subject.share && path ? (
            <Anchor component={Link} to={path} size="xs">
              {t('on', { title: subject.share.title })}
            </Anchor>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
