import { ActionIcon } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './Bell.module.css';

/** The header's bell with the unread count; its accessible name says the count too. */
export function BellButton({ count, ...props }: { count: number } & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation('shell');
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      className={classes.bell}
      aria-label={count > 0 ? t('notifications.bellUnread', { count }) : t('notifications.bell')}
      {...props}
    >
      <IconBell size={20} aria-hidden />
      {count > 0 ? (
        <span className={classes.badge} aria-hidden>
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </ActionIcon>
  );
}
