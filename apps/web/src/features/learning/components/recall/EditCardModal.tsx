import type { Card } from '@arbor/contract';
import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useUpdateCard } from '../../api/useCards.ts';
import { CardForm } from './CardForm.tsx';

/** Edits a card's front and back in a dialog. */
export function EditCardModal({ card, onClose }: { card: Card | null; onClose: () => void }) {
  const { t } = useTranslation('recall');
  const update = useUpdateCard();
  return (
    <Modal opened={card !== null} onClose={onClose} title={t('card.edit')} size="lg">
      {card ? (
        <CardForm
          key={card.id}
          initial={card}
          kind={card.kind}
          submitLabel={t('card.save')}
          saving={update.isPending}
          onCancel={onClose}
          testId="card-edit-form"
          onSubmit={(draft) =>
            update.mutate(card.kind === 'occlusion' ? { id: card.id, back: draft.back } : { id: card.id, ...draft }, {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: t('card.saved') });
                onClose();
              },
              onError: (error) =>
                notifications.show({ color: 'red', message: t('card.saveFailed', { reason: error.message }) }),
            })
          }
        />
      ) : null}
    </Modal>
  );
}
