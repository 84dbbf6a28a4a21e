import { Tooltip } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './discussion.module.css';

// Keys on the badge must not reach the canvas's own shortcuts.
const keepKeysHere = (event: KeyboardEvent) => event.stopPropagation();

/** A node's comment count at its corner; activating it opens the Discussion tab on that node. */
export function CommentBadge({ title, count, onOpen }: { title: string; count: number; onOpen: () => void }) {
  const { t } = useTranslation('reviews');
  const label = t('badge.label', { count, title });
  return (
    <Tooltip label={label} withinPortal>
      <button
        type="button"
        className={classes.badge}
        aria-label={label}
        data-testid="comment-badge"
        onKeyDown={keepKeysHere}
        onClick={(event) => {
          event.stopPropagation();
          onOpen();
        }}
      >
        <IconMessageCircle size={12} stroke={2.2} aria-hidden />
        <span aria-hidden>{count > 99 ? '99+' : count}</span>
      </button>
    </Tooltip>
  );
}
