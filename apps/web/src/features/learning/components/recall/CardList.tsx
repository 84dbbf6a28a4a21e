import type { Card } from '@arbor/contract';
import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { subjectPath } from '../home/subject-links.ts';
import { DeleteCardButton, shortFront } from './DeleteCardButton.tsx';
import { CardListText, useCardText } from './kinds/CardFace.tsx';
import classes from './recall.module.css';

/** The node a card belongs to, opened in learning mode. */
export const cardNodePath = (card: Card) => subjectPath(card.subject.kind, card.subject.uuid, card.node_id);

export const STATE_COLOR: Record<Card['state'], string> = {
  new: 'blue',
  learning: 'orange',
  review: 'teal',
  relearning: 'red',
};

/** "in 3 d", "today" style due date, in the UI's language. */
export function useDueLabel() {
  const { t, i18n } = useTranslation('recall');
  return (due: string) =>
    t('card.due', {
      date: new Date(due).toLocaleDateString(i18n.language, { month: 'short', day: 'numeric' }),
    });
}

interface CardRowProps {
  card: Card;
  onEdit: (card: Card) => void;
  /** extra content under the front (the node link on /learn) */
  extra?: ReactNode;
  /** before the front (the card browser's selection checkbox) */
  leading?: ReactNode;
}

/** One card: its front, state and due date, with edit and delete. */
export function CardRow({ card, onEdit, extra, leading }: CardRowProps) {
  const { t } = useTranslation('recall');
  const dueLabel = useDueLabel();
  const cardText = useCardText();
  return (
    <Paper withBorder radius="sm" p="xs" component="li" data-testid="card-row" data-card-id={card.id}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        {leading}
        <Stack gap={2} className={classes.cardFront}>
          <Text size="sm" fw={600} lineClamp={2} data-testid="card-row-front">
            <CardListText card={card} />
          </Text>
          <Group gap={6}>
            {card.kind !== 'basic' ? (
              <Badge size="xs" variant="outline" color="gray" data-testid="card-row-kind">
                {card.kind === 'cloze' ? t('kinds.clozeBadge', { n: card.cloze }) : t(`kinds.${card.kind}`)}
              </Badge>
            ) : null}
            <Badge size="xs" variant="light" color={STATE_COLOR[card.state]}>
              {t(`state.${card.state}`)}
            </Badge>
            {card.suspended ? (
              <Badge size="xs" variant="outline" color="gray" data-testid="card-row-suspended">
                {t('browser.suspendedBadge')}
              </Badge>
            ) : null}
            <Text size="xs" c="dimmed">
              {dueLabel(card.due)}
            </Text>
          </Group>
          {extra}
        </Stack>
        <Group gap={2} wrap="nowrap">
          <Tooltip label={t('card.edit')} openDelay={400}>
            <ActionIcon
              variant="subtle"
              aria-label={t('card.editNamed', { front: shortFront(cardText(card)) })}
              onClick={() => onEdit(card)}
              data-testid="card-edit"
            >
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <DeleteCardButton card={card} />
        </Group>
      </Group>
    </Paper>
  );
}
