import type { AiPrompt } from '@arbor/contract';
import { Badge, Code, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAiResourceList, useDeleteAiResource } from './api.ts';
import { confirmDelete } from './confirm-delete.tsx';
import type { Editing } from './FormModal.tsx';
import { PromptForm } from './PromptForm.tsx';
import { ResourceTable } from './ResourceTable.tsx';
import { RowActions } from './RowActions.tsx';
import { TabToolbar } from './TabToolbar.tsx';

export function PromptsTab() {
  const { t } = useTranslation('ai');
  const list = useAiResourceList<AiPrompt>('prompts');
  const remove = useDeleteAiResource('prompts');
  const [editing, setEditing] = useState<Editing<AiPrompt>>(null);
  const fail = (e: Error) => notifications.show({ color: 'red', message: e.message });

  const rows = list.data?.map((p) => (
    <Table.Tr key={p.id} data-testid="prompt-row">
      <Table.Td>
        <Code>{p.key}</Code>
      </Table.Td>
      <Table.Td>{p.language}</Table.Td>
      <Table.Td>
        <Text size="sm" fw={500}>
          {p.name}
        </Text>
        {p.description ? (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {p.description}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Text size="xs" c="dimmed">
          {p.variables.join(', ') || '—'}
        </Text>
      </Table.Td>
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
        />
      </Table.Td>
    </Table.Tr>
  ));

  return (
    <Stack>
      <TabToolbar
        hint={t('prompts.hint')}
        addLabel={t('prompts.create')}
        onAdd={() => setEditing({ item: null })}
        testId="prompt-add"
      />
      <ResourceTable
        testId="prompts-table"
        isPending={list.isPending}
        isError={list.isError}
        empty={t('prompts.empty')}
        rows={rows}
        minWidth={720}
        head={[
          t('prompts.key'),
          t('prompts.language'),
          t('prompts.name'),
          t('prompts.variables'),
          t('admin.status'),
          '',
        ]}
      />
      {editing ? <PromptForm item={editing.item} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}
