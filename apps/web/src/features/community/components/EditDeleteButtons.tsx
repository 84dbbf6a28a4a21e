import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface EditDeleteButtonsProps {
  /** absent: no Edit (one who may delete but not edit, as an admin) */
  onEdit?: () => void;
  onDelete: () => void;
  deleting: boolean;
  /** defaults: "Edit", "Delete" */
  editLabel?: string;
  deleteLabel?: string;
}

/** Edit and Delete of something I may change (a review, a reply, a comment). */
export function EditDeleteButtons({ onEdit, onDelete, deleting, editLabel, deleteLabel }: EditDeleteButtonsProps) {
  const { t } = useTranslation('reviews');
  return (
    <>
      {onEdit ? (
        <Button size="compact-sm" variant="subtle" onClick={onEdit}>
          {editLabel ?? t('actions.edit')}
        </Button>
      ) : null}
      <Button size="compact-sm" variant="subtle" color="red" loading={deleting} onClick={onDelete}>
        {deleteLabel ?? t('actions.delete')}
      </Button>
    </>
  );
}
