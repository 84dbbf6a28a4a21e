import { AiRequestKind } from '@arbor/contract';
import { Badge, Group, Pagination, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOG_PAGE_SIZE, useRequestLogs } from './api.ts';
import { DailyTotals } from './DailyTotals.tsx';
import { formatDateTime } from './format.ts';
import { LogDetailDrawer } from './LogDetailDrawer.tsx';
import { ResourceTable } from './ResourceTable.tsx';

/** Request logs: daily totals, filters (status, kind, model), a paged table and a detail drawer. */
export function LogsTab() {
  const { t, i18n } = useTranslation('ai');
  const [status, setStatus] = useState<string | null>(null);
  const [kind, setKind] = useState<string | null>(null);
  const [model, setModel] = useState('');
  const [debouncedModel] = useDebouncedValue(model.trim(), 300);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const logs = useRequestLogs({ status, kind, model: debouncedModel }, page);
  const pages = Math.max(1, Math.ceil((logs.data?.count ?? 0) / LOG_PAGE_SIZE));
  // Any filter change starts again at page 1.
  const filter =
    <T,>(setter: (v: T) => void) =>
    (v: T) => (setter(v), setPage(1));

  const rows = logs.data?.results.map((log) => (
    <Table.Tr
      key={log.id}
      onClick={() => setOpenId(log.id)}
      style={{ cursor: 'pointer' }}
      data-testid="log-row"
      data-kind={log.kind}
      data-status={log.status}
    >
      <Table.Td>
        <Text size="xs">{formatDateTime(log.created_at, i18n.language)}</Text>
      </Table.Td>
      <Table.Td>{log.username ?? '—'}</Table.Td>
      <Table.Td>{t(`kind.${log.kind}`)}</Table.Td>
      <Table.Td>
        <Text size="xs" ff="monospace">
          {log.model || '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={log.status === 'success' ? 'teal' : 'red'} variant="light">
          {t(`logs.${log.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td>
        {log.prompt_tokens} / {log.completion_tokens}
      </Table.Td>
      <Table.Td>{log.latency_ms} ms</Table.Td>
    </Table.Tr>
  ));

  return (
    <Stack>
      <DailyTotals />
      <Group gap="sm" wrap="wrap">
        <Select
          w={150}
          clearable
          placeholder={t('logs.anyStatus')}
          aria-label={t('admin.status')}
          value={status}
          onChange={filter(setStatus)}
          data-testid="log-filter-status"
          data={[
            { value: 'success', label: t('logs.success') },
            { value: 'error', label: t('logs.error') },
          ]}
        />
        <Select
          w={170}
          clearable
          placeholder={t('logs.anyKind')}
          aria-label={t('logs.kind')}
          value={kind}
          onChange={filter(setKind)}
          data={AiRequestKind.options.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
        />
        <TextInput
          style={{ flex: 1, minWidth: 160 }}
          leftSection={<IconSearch size={14} />}
          placeholder={t('logs.model')}
          aria-label={t('logs.model')}
          value={model}
          onChange={(e) => filter(setModel)(e.currentTarget.value)}
        />
      </Group>
      <ResourceTable
        testId="logs-table"
        isPending={logs.isPending}
        isError={logs.isError}
        empty={t('logs.empty')}
        rows={rows}
        minWidth={760}
        head={[
          t('logs.time'),
          t('logs.user'),
          t('logs.kind'),
          t('logs.model'),
          t('admin.status'),
          t('logs.tokens'),
          t('logs.latency'),
        ]}
      />
      {pages > 1 ? <Pagination value={page} onChange={setPage} total={pages} style={{ alignSelf: 'center' }} /> : null}
      <LogDetailDrawer id={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
