import type { AiConfig, AiModel } from '@arbor/contract';
import { Badge, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconStarFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAiResourceList, useDeleteAiResource, useSaveAiResource } from './api.ts';
import { confirmDelete } from './confirm-delete.tsx';
import type { Editing } from './FormModal.tsx';
import { ModelForm } from './ModelForm.tsx';
import { ResourceTable } from './ResourceTable.tsx';
import { RowActions } from './RowActions.tsx';
import { TabToolbar } from './TabToolbar.tsx';

export function ModelsTab() {
  const { t } = useTranslation('ai');
  const list = useAiResourceList<AiModel>('deepseek-models');
  const providers = useAiResourceList<AiConfig>('deepseek-config');
  const save = useSaveAiResource<AiModel, { is_active: boolean }>('deepseek-models');
  const remove = useDeleteAiResource('deepseek-models');
  const [editing, setEditing] = useState<Editing<AiModel>>(null);
  const fail = (e: Error) => notifications.show({ color: 'red', message: e.message });
  const providerName = (id: number) => providers.data?.find((p) => p.id === id)?.name ?? `#${id}`;

  const rows = list.data?.map((m) => (
    <Table.Tr key={m.id} data-testid="model-row">
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          {m.is_default ? (
            <IconStarFilled size={14} color="var(--mantine-color-yellow-6)" aria-label={t('models.default')} />
          ) : null}
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {m.display_name || m.name}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {m.name}
            </Text>
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td>{providerName(m.config)}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={m.kind === 'chat' ? 'blue' : 'grape'}>
          {t(m.kind === 'chat' ? 'models.kindChat' : 'models.kindImage')}
        </Badge>
      </Table.Td>
      <Table.Td>{m.max_tokens ?? '—'}</Table.Td>
      <Table.Td>{m.temperature ?? '—'}</Table.Td>
      <Table.Td>
        <Switch
          size="xs"
          checked={m.is_active}
          aria-label={t('models.activeHint')}
          onChange={(e) => save.mutate({ id: m.id, body: { is_active: e.currentTarget.checked } }, { onError: fail })}
        />
      </Table.Td>
      <Table.Td>
        <RowActions
          onEdit={() => setEditing({ item: m })}
          onDelete={() => confirmDelete(t, m.display_name || m.name, () => remove.mutate(m.id, { onError: fail }))}
        />
      </Table.Td>
    </Table.Tr>
  ));

  const noProvider = providers.data !== undefined && providers.data.length === 0;
  return (
    <Stack>
      <TabToolbar
        hint={t(noProvider ? 'models.needProvider' : 'models.hint')}
        addLabel={t('models.create')}
        testId="model-add"
        onAdd={() =>
          noProvider
            ? notifications.show({ color: 'yellow', message: t('models.needProvider') })
            : setEditing({ item: null })
        }
      />
      <ResourceTable
        testId="models-table"
        isPending={list.isPending}
        isError={list.isError}
        empty={t('models.empty')}
        rows={rows}
        head={[
          t('models.name'),
          t('models.provider'),
          t('models.kind'),
          t('models.maxTokens'),
          t('models.temperature'),
          t('admin.active'),
          '',
        ]}
      />
      {editing ? (
        <ModelForm item={editing.item} providers={providers.data ?? []} onClose={() => setEditing(null)} />
      ) : null}
    </Stack>
  );
}
