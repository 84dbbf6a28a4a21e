import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Edit and delete icons at the end of an admin table row, plus any extra actions before them. */
export function RowActions({
  onEdit,
  onDelete,
  children,
}: {
  onEdit: () => void;
  onDelete: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('ai');
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {children}
      <Tooltip label={t('admin.edit')}>
        <ActionIcon variant="subtle" onClick={onEdit} aria-label={t('admin.edit')} data-testid="row-edit">
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('admin.delete')}>
        <ActionIcon variant="subtle" color="red" onClick={onDelete} aria-label={t('admin.delete')}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
