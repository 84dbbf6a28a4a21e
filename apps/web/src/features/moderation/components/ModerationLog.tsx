import { Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useModerationLog } from '../api/moderation.ts';

/** The latest moderation actions, newest first: who did what to which item, when, and their note. */
export function ModerationLog() {
  const { t, i18n } = useTranslation('moderation');
  const { data, isLoading, isError } = useModerationLog();
  if (isLoading) return <Skeleton h={200} radius="md" />;
  if (isError)
    return (
      <Text c="red" role="alert">
        {t('log.error')}
      </Text>
    );
  if (!data?.length) return <Text c="dimmed">{t('log.empty')}</Text>;
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Paper withBorder radius="md">
      <Stack component="ol" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
        {data.map((entry) => (
          <li key={entry.id}>
            <Stack gap={2} p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
              <Text size="sm">
                {t('log.entry', {
                  admin: entry.admin ? `@${entry.admin.username}` : t('log.adminGone'),
                  action: t(`action.${entry.action}`),
                  kind: t(`kind.${entry.target.kind}`),
                  id: entry.target.id,
                })}
              </Text>
              {entry.note ? (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {t('log.note', { note: entry.note })}
                </Text>
              ) : null}
              <Text component="time" size="xs" c="dimmed" dateTime={entry.created_at}>
                {format.format(new Date(entry.created_at))}
              </Text>
            </Stack>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
