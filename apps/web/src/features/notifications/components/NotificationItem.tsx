import type { Notification } from '@arbor/contract';
import { Avatar, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatWhen, targetPath } from '../lib/targets.ts';
import classes from './NotificationItem.module.css';

/**
 * One notification: the server's sentence (already in the reader's language), when, and a dot while
 * unread. Opening it marks it read and goes to its target; one with nothing to open is only marked read.
 */
export function NotificationItem({
  notification,
  onOpen,
}: {
  notification: Notification;
  /** called as it opens (mark read, close a dropdown) */
  onOpen: (notification: Notification) => void;
}) {
  const { t, i18n } = useTranslation('notifications');
  const path = targetPath(notification);
  const className = `${classes.item} ${notification.read ? classes.read : classes.unread}`;
  const content = (
    <>
      <span className={classes.dot} aria-hidden />
      {notification.actor ? (
        <Avatar src={notification.actor.avatar_url} alt="" size={32} radius="xl" />
      ) : (
        <ThemeIcon variant="light" color="gray" size={32} radius="xl" aria-hidden>
          <IconBell size={18} />
        </ThemeIcon>
      )}
      <span className={classes.body}>
        {notification.read ? null : <VisuallyHidden>{`${t('unread')}: `}</VisuallyHidden>}
        <Text component="span" size="sm" display="block" fw={notification.read ? 400 : 600}>
          {notification.text}
        </Text>
        <Text component="time" size="xs" c="dimmed" dateTime={notification.created_at}>
          {formatWhen(notification.created_at, i18n.language)}
        </Text>
      </span>
    </>
  );
  return path ? (
    <UnstyledButton component={Link} to={path} className={className} onClick={() => onOpen(notification)}>
      {content}
    </UnstyledButton>
  ) : (
    <UnstyledButton className={className} onClick={() => onOpen(notification)}>
      {content}
    </UnstyledButton>
  );
}
