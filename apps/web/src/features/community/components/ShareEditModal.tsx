import type { ShareWithData } from '@arbor/contract';
import { Modal, Stack, TagsInput, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { DialogActions } from '../../../lib/DialogActions.tsx';
import { useUpdateShare } from '../api/share-actions.ts';

/** Author or admin: edit a template's title, description and tags. */
export function ShareEditModal({
  share,
  opened,
  onClose,
}: {
  share: ShareWithData;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('community');
  const update = useUpdateShare(share.uuid);
  const [title, setTitle] = useState(share.title);
  const [description, setDescription] = useState(share.description);
  const [tags, setTags] = useState(share.tags);
  const fields = update.error instanceof ApiError ? update.error.fields : {};
  return (
    <Modal opened={opened} onClose={onClose} title={t('detail.editTitle')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate(
            { title, description, tags },
            {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: t('detail.saved') });
                onClose();
              },
            },
          );
        }}
      >
        <Stack>
          <TextInput
            label={t('share.title')}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            required
            maxLength={200}
            error={fields.title?.[0]}
          />
          <Textarea
            label={t('share.description')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            autosize
            minRows={3}
            maxLength={2000}
            error={fields.description?.[0]}
          />
          <TagsInput
            label={t('share.tags')}
            value={tags}
            onChange={setTags}
            maxTags={10}
            error={fields.tags?.[0] ?? Object.entries(fields).find(([k]) => k.startsWith('tags.'))?.[1]?.[0]}
          />
          <DialogActions onCancel={onClose} submit={t('actions.save')} loading={update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
