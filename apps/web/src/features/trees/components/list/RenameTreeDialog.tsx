import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tree } from '../../api/types.ts';
import { useUpdateTree } from '../../api/useUpdateTree.ts';

export function RenameTreeDialog({ tree, onClose }: { tree: Tree | null; onClose: () => void }) {
  const { t } = useTranslation('trees');
  const [title, setTitle] = useState('');
  const update = useUpdateTree();
  useEffect(() => setTitle(tree?.title ?? ''), [tree]);
  const submit = () => {
    if (!tree || !title.trim()) return;
    update.mutate(
      { id: tree.id, patch: { title: title.trim() } },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('list.renamed') });
          onClose();
        },
        onError: (error) => notifications.show({ color: 'red', message: error.message }),
      },
    );
  };
  return (
    <Modal opened={tree !== null} onClose={onClose} title={t('list.renameTitle')} centered>
      <form onSubmit={(e) => (e.preventDefault(), submit())}>
        <Stack>
          <TextInput
            label={t('create.title')}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            maxLength={200}
            data-autofocus
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending} disabled={!title.trim()}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
