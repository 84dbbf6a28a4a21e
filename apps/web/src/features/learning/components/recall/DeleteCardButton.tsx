import type { Card } from '@arbor/contract';
import { markdownToPlainText } from '@arbor/tree-core/plain-text';
import { ActionIcon, Button, Group, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteCard } from '../../api/useCards.ts';
import { useCardText } from './kinds/CardFace.tsx';

/** A card's front as read (plain text, not Markdown), shortened for a label. */
const short = (front: string) => {
  const text = markdownToPlainText(front);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};

/** A trash icon that asks before deleting the card. */
export function DeleteCardButton({ card }: { card: Card }) {
  const { t } = useTranslation('recall');
  const [open, setOpen] = useState(false);
  const remove = useDeleteCard();
  const cardText = useCardText();
  const label = t('card.deleteNamed', { front: short(cardText(card)) });
  return (
    <Popover opened={open} onChange={setOpen} position="bottom-end" withArrow trapFocus returnFocus>
      <Popover.Target>
        <Tooltip label={t('card.delete')} openDelay={400}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={label}
            onClick={() => setOpen((o) => !o)}
            data-testid="card-delete"
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" maw={240}>
          <Text size="sm">{t('card.deleteConfirm')}</Text>
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setOpen(false)}>
              {t('card.cancel')}
            </Button>
            <Button
              size="xs"
              color="red"
              loading={remove.isPending}
              data-testid="card-delete-confirm"
              onClick={() =>
                remove.mutate(card.id, {
                  onSuccess: () => {
                    setOpen(false);
                    notifications.show({ color: 'teal', message: t('card.deleted') });
                  },
                  onError: (error) =>
                    notifications.show({ color: 'red', message: t('card.deleteFailed', { reason: error.message }) }),
                })
              }
            >
              {t('card.delete')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

export { short as shortFront };
