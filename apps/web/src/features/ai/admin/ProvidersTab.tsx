import type { AiConfig, AiConnectionTest } from '@arbor/contract';
import { ActionIcon, Alert, Badge, Code, Stack, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBolt, IconPlugConnected } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAiResourceList, useDeleteAiResource, useSaveAiResource, useTestConnection } from './api.ts';
import { confirmDelete } from './confirm-delete.tsx';
import type { Editing } from './FormModal.tsx';
import { ProviderForm } from './ProviderForm.tsx';
import { ResourceTable } from './ResourceTable.tsx';
import { RowActions } from './RowActions.tsx';
import { TabToolbar } from './TabToolbar.tsx';

/** The last connection test, shown as it came back: models found or the provider's error. */
function TestResult({ name, result }: { name: string; result: AiConnectionTest }) {
  const { t } = useTranslation('ai');
  return (
    <Alert
      color={result.ok ? 'teal' : 'red'}
      variant="light"
      data-testid="provider-test-result"
      data-ok={result.ok}
      title={t(result.ok ? 'providers.testOk' : 'providers.testFailed', { name, ms: result.latency_ms })}
    >
      <Text size="sm">{result.detail}</Text>
      {result.models.length ? (
        <Text size="xs" mt={4}>
          {t('providers.modelsFound')}: <Code>{result.models.join(', ')}</Code>
        </Text>
      ) : null}
    </Alert>
  );
}

export function ProvidersTab() {
  const { t } = useTranslation('ai');
  const list = useAiResourceList<AiConfig>('deepseek-config');
  const save = useSaveAiResource<AiConfig, { is_active: boolean }>('deepseek-config');
  const remove = useDeleteAiResource('deepseek-config');
  const test = useTestConnection();
  const [editing, setEditing] = useState<Editing<AiConfig>>(null);
  const [tested, setTested] = useState<{ name: string; result: AiConnectionTest } | null>(null);
  const fail = (e: Error) => notifications.show({ color: 'red', message: e.message });

  const runTest = (provider: AiConfig) => {
    setTested(null);
    test.mutate(provider.id, { onSuccess: (result) => setTested({ name: provider.name, result }), onError: fail });
  };

  const rows = list.data?.map((p) => (
    <Table.Tr key={p.id} data-testid="provider-row">
      <Table.Td fw={500}>{p.name}</Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace" truncate maw={260}>
          {p.base_url}
        </Text>
      </Table.Td>
      <Table.Td>
        <Code>{p.api_key}</Code>
      </Table.Td>
      <Table.Td>{p.timeout_s} s</Table.Td>
      <Table.Td>
        {p.is_active ? (
          <Badge color="teal" variant="light">
            {t('admin.active')}
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            {t('admin.inactive')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <RowActions
          onEdit={() => setEditing({ item: p })}
          onDelete={() => confirmDelete(t, p.name, () => remove.mutate(p.id, { onError: fail }))}
        >
          <Tooltip label={t('providers.test')}>
            <ActionIcon
              variant="subtle"
              color="grape"
              loading={test.isPending && test.variables === p.id}
              onClick={() => runTest(p)}
              aria-label={t('providers.test')}
              data-testid="provider-test"
            >
              <IconPlugConnected size={16} />
            </ActionIcon>
          </Tooltip>
          {p.is_active ? null : (
            <Tooltip label={t('providers.activate')}>
              <ActionIcon
                variant="subtle"
                color="teal"
                onClick={() => save.mutate({ id: p.id, body: { is_active: true } }, { onError: fail })}
                aria-label={t('providers.activate')}
              >
                <IconBolt size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </RowActions>
      </Table.Td>
    </Table.Tr>
  ));

  return (
    <Stack>
      <TabToolbar
        hint={t('providers.hint')}
        addLabel={t('providers.create')}
        onAdd={() => setEditing({ item: null })}
        testId="provider-add"
      />
      {tested ? <TestResult {...tested} /> : null}
      <ResourceTable
        testId="providers-table"
        isPending={list.isPending}
        isError={list.isError}
        empty={t('providers.empty')}
        rows={rows}
        head={[
          t('providers.name'),
          t('providers.baseUrl'),
          t('providers.apiKey'),
          t('providers.timeout'),
          t('admin.status'),
          '',
        ]}
      />
      {editing ? <ProviderForm item={editing.item} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}
