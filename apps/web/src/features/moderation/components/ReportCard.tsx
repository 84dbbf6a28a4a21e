import type { ModerationAction, Report } from '@arbor/contract';
import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResolveReport } from '../api/moderation.ts';
import { actionsFor } from '../model/actions.ts';
import { ReportSubjectView } from './ReportSubjectView.tsx';

const COLORS: Record<ModerationAction, string> = {
  dismiss: 'gray',
  hide: 'orange',
  unhide: 'teal',
  delete: 'red',
  suspend: 'red',
};

/** One report: what it is about, in place; why and by whom; one click per action, with an optional note. */
export function ReportCard({ report }: { report: Report }) {
  const { t, i18n } = useTranslation('moderation');
  const [note, setNote] = useState('');
  const resolve = useResolveReport();
  const headingId = useId();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(report.created_at),
  );
  const act = (action: ModerationAction) =>
    resolve.mutate(
      { id: report.id, action, note },
      {
        onSuccess: () => {
          setNote('');
          notifications.show({ color: 'teal', message: t('done', { action: t(`action.${action}`) }) });
        },
        // The server's message, in the UI language.
        onError: (error) => notifications.show({ color: 'red', message: error.message }),
      },
    );
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} size="h5" id={headingId}>
            {t('report', { id: report.id, kind: t(`kind.${report.target.kind}`) })}
          </Title>
          <Group gap={6}>
            <Badge variant="light" color="red">
              {t(`reason.${report.reason}`)}
            </Badge>
            {report.action ? (
              <Badge variant="outline" color={COLORS[report.action]}>
                {t('resolvedAs', { action: t(`action.${report.action}`) })}
              </Badge>
            ) : null}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {t('reportedBy', { name: report.reporter ? `@${report.reporter.username}` : t('reporterGone'), date })}
        </Text>
        {report.details ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <Text span fw={600} size="sm">
              {t('details')}:{' '}
            </Text>
            {report.details}
          </Text>
        ) : null}
        <ReportSubjectView report={report} />
        <TextInput
          label={t('note')}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          maxLength={2000}
          size="sm"
        />
        <Group gap="xs" wrap="wrap">
          {actionsFor(report).map((action) => (
            <Button
              key={action}
              size="xs"
              variant={action === 'dismiss' ? 'default' : 'light'}
              color={COLORS[action]}
              loading={resolve.isPending && resolve.variables?.action === action}
              disabled={resolve.isPending}
              onClick={() => act(action)}
            >
              {t(`action.${action}`)}
            </Button>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
