import { Avatar, Button, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconAdjustments, IconLogin2, IconLogout, IconRobot, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { loginPathFor } from '../../../lib/login-path.ts';
import { useSession } from '../../../lib/session.ts';

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
  return (
    <Menu position="bottom-end" width={220} withinPortal zIndex={2000}>
      <Menu.Target>
        <UnstyledButton aria-label={t('account.menu', { name })} data-testid="avatar-menu" className="arbor-avatar-button">
          <Avatar src={session.avatarUrl} alt="" radius="xl" size={34} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            @{session.user.username}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} aria-hidden />}>
          {t('account.profile')}
        </Menu.Item>
        <Menu.Item component={Link} to="/settings" leftSection={<IconAdjustments size={16} aria-hidden />}>
          {t('account.settings')}
        </Menu.Item>
        {session.isAdmin ? (
          <Menu.Item component={Link} to="/admin/ai" leftSection={<IconRobot size={16} aria-hidden />}>
            {t('account.admin')}
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item component={Link} to="/logout" color="red" leftSection={<IconLogout size={16} aria-hidden />}>
          {t('account.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
