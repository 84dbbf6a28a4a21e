import { Alert, Badge, Code, Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRequestLog } from './api.ts';
import { formatDateTime } from './format.ts';
import classes from './admin.module.css';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="end" component="div">
        {children}
      </Text>
    </Group>
  );
}

/** One request log: the numbers, the error, and the (truncated, redacted) request and response bodies. */
export function LogDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('ai');
  const log = useRequestLog(id);
  const d = log.data;
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={t('logs.detail', { id: id ?? '' })}
    >
      {log.isPending ? (
        <Skeleton h={300} />
      ) : !d ? (
        <Alert color="red">{t('admin.loadFailed')}</Alert>
      ) : (
        <Stack gap="sm" data-testid="log-detail">
          <Field label={t('logs.time')}>{formatDateTime(d.created_at, i18n.language)}</Field>
          <Field label={t('logs.user')}>{d.username ?? '—'}</Field>
          <Field label={t('logs.kind')}>{t(`kind.${d.kind}`)}</Field>
          <Field label={t('logs.model')}>
            <Code>{d.model || '—'}</Code>
          </Field>
          <Field label={t('admin.status')}>
            <Badge color={d.status === 'success' ? 'teal' : 'red'} variant="light">
              {t(`logs.${d.status}`)}
            </Badge>
          </Field>
          <Field label={t('logs.tokens')}>
            {d.prompt_tokens} / {d.completion_tokens}
          </Field>
          <Field label={t('logs.latency')}>{d.latency_ms} ms</Field>
          {d.error ? (
            <Alert color="red" variant="light" title={t('logs.error')}>
              {d.error}
            </Alert>
          ) : null}
          <Text size="sm" fw={600}>
            {t('logs.request')}
          </Text>
          <Code block className={classes.body}>
            {d.request_body || '—'}
          </Code>
          <Text size="sm" fw={600}>
            {t('logs.response')}
          </Text>
          <Code block className={classes.body}>
            {d.response_body || '—'}
          </Code>
          <Text size="xs" c="dimmed">
            {t('logs.redactedNote')}
          </Text>
        </Stack>
      )}
    </Drawer>
  );
}
