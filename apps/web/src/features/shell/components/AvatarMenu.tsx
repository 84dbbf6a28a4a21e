import { Button } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { loginPathFor } from '../../../lib/login-path.ts';
import { useSession } from '../../../lib/session.ts';
import { AccountMenu } from './deferred.tsx';

/** Profile, settings, admin (admins only) and log out; a "Log in" button when logged out. */
export function AvatarMenu() {
  const { t } = useTranslation('shell');
  const session = useSession();
  const location = useLocation();
  if (session.status !== 'authenticated' || !session.user) {
    return (
      <Button
        component={Link}
        to={loginPathFor(location)}
        variant="light"
        leftSection={<IconLogin2 size={18} aria-hidden />}
        loading={session.status === 'loading'}
        data-testid="login-button"
      >
        {t('account.login')}
      </Button>
    );
  }
  const name = session.user.profile?.nickname || session.user.username;
  return <AccountMenu name={name} avatarUrl={session.avatarUrl} isAdmin={session.isAdmin} />;
}
