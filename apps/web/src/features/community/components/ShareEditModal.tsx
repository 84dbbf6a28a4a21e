import type { ShareWithData } from '@arbor/contract';
import { Modal, Stack, TagsInput, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { DialogActions } from '../../../lib/DialogActions.tsx';
import { useUpdateShare } from '../api/share-actions.ts';
import { cleanTags, validateShareForm, type ShareFieldProblem } from '../model/share-form.ts';

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
  const [showProblems, setShowProblems] = useState(false);
  const problems = validateShareForm({ title, description, tags });
  const problemText = (problem: ShareFieldProblem | undefined) =>
    showProblems && problem ? t(`share.errors.${problem.key}`, problem.values ?? {}) : undefined;
  const fields = update.error instanceof ApiError ? update.error.fields : {};
  return (
    <Modal opened={opened} onClose={onClose} title={t('detail.editTitle')} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (Object.keys(problems).length) {
            setShowProblems(true);
            return;
          }
          update.mutate(
            { title: title.trim(), description, tags: cleanTags(tags) },
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
            withAsterisk
            maxLength={200}
            error={problemText(problems.title) ?? fields.title?.[0]}
          />
          <Textarea
            label={t('share.description')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            autosize
            minRows={3}
            maxLength={2000}
            error={problemText(problems.description) ?? fields.description?.[0]}
          />
          <TagsInput
            label={t('share.tags')}
            value={tags}
            onChange={setTags}
            maxTags={10}
            withAsterisk
            error={
              problemText(problems.tags) ??
              fields.tags?.[0] ??
              Object.entries(fields).find(([k]) => k.startsWith('tags.'))?.[1]?.[0]
            }
          />
          <DialogActions onCancel={onClose} submit={t('actions.save')} loading={update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
