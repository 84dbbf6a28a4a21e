import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface EditDeleteButtonsProps {
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
  /** defaults: "Edit", "Delete" */
  editLabel?: string;
  deleteLabel?: string;
}

/** Edit and Delete of something of mine (a review, a reply, a comment). */
export function EditDeleteButtons({ onEdit, onDelete, deleting, editLabel, deleteLabel }: EditDeleteButtonsProps) {
  const { t } = useTranslation('reviews');
  return (
    <>
      <Button size="compact-sm" variant="subtle" onClick={onEdit}>
        {editLabel ?? t('actions.edit')}
      </Button>
      <Button size="compact-sm" variant="subtle" color="red" loading={deleting} onClick={onDelete}>
        {deleteLabel ?? t('actions.delete')}
      </Button>
    </>
  );
}
