import type { Author } from '@arbor/contract';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserCheck, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { loginPathFor } from '../../../lib/login-path.ts';
import { useSession } from '../../../lib/session.ts';
import { useFollow } from '../api/authors.ts';

/**
 * Follow / Following on an author's page: a toggle for a signed-in reader, "Sign in to follow" (back to
 * this page afterwards) for a visitor, "Edit profile" on one's own page.
 */
export function FollowButton({ author }: { author: Author }) {
  const { t } = useTranslation('social');
  const session = useSession();
  const location = useLocation();
  const follow = useFollow(author.username);
  if (session.status !== 'authenticated') {
    return (
      <Button
        component={Link}
        to={loginPathFor(location)}
        variant="light"
        leftSection={<IconUserPlus size={16} aria-hidden />}
      >
        {t('author.signInToFollow')}
      </Button>
    );
  }
  if (session.user?.id === author.id) {
    return (
      <Button component={Link} to="/profile" variant="default">
        {t('author.editProfile')}
      </Button>
    );
  }
  return (
    <Button
      variant={author.followed ? 'light' : 'filled'}
      leftSection={author.followed ? <IconUserCheck size={16} aria-hidden /> : <IconUserPlus size={16} aria-hidden />}
      aria-pressed={author.followed}
      loading={follow.isPending}
      onClick={() =>
        follow.mutate(!author.followed, {
          onError: (error) =>
            notifications.show({
              color: 'red',
              message: error instanceof ApiError ? error.message : t('error'),
            }),
        })
      }
    >
      {author.followed ? t('author.following') : t('author.follow')}
    </Button>
  );
}
