import type { ShareWithData } from '@arbor/contract';
import { Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../lib/DialogActions.tsx';
import { useUpdateShare } from '../api/share-actions.ts';
import { cleanTags, validateShareForm, type ShareFormValues } from '../model/share-form.ts';
import { ShareFields } from './ShareFields.tsx';

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
  const [values, setValues] = useState<ShareFormValues>({
    title: share.title,
    description: share.description,
    tags: share.tags,
  });
  const [showProblems, setShowProblems] = useState(false);
  const problems = validateShareForm(values);
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
            { title: values.title.trim(), description: values.description, tags: cleanTags(values.tags) },
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
          <ShareFields
            values={values}
            onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
            showProblems={showProblems}
            error={update.error}
          />
          <DialogActions onCancel={onClose} submit={t('actions.save')} loading={update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
