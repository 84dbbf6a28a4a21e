import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconAdjustments, IconFlag, IconLogout, IconRobot, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session.ts';

/** Profile, settings, admin (admins only) and log out; loaded after the first render (deferred.tsx). */
export function AccountMenu({ name, avatarUrl, isAdmin }: { name: string; avatarUrl: string; isAdmin: boolean }) {
  const { t } = useTranslation('shell');
  const session = useSession();
  return (
    <Menu position="bottom-end" width={220} withinPortal zIndex={2000}>
      <Menu.Target>
        <UnstyledButton
          aria-label={t('account.menu', { name })}
          data-testid="avatar-menu"
          className="arbor-avatar-button"
        >
          <Avatar src={avatarUrl} alt="" radius="xl" size={34} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            @{session.user?.username}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} aria-hidden />}>
          {t('account.profile')}
        </Menu.Item>
        <Menu.Item component={Link} to="/settings" leftSection={<IconAdjustments size={16} aria-hidden />}>
          {t('account.settings')}
        </Menu.Item>
        {isAdmin ? (
          <>
            <Menu.Item component={Link} to="/admin/ai" leftSection={<IconRobot size={16} aria-hidden />}>
              {t('account.admin')}
            </Menu.Item>
            <Menu.Item component={Link} to="/admin/moderation" leftSection={<IconFlag size={16} aria-hidden />}>
              {t('account.moderation')}
            </Menu.Item>
          </>
        ) : null}
        <Menu.Divider />
        <Menu.Item component={Link} to="/logout" color="red" leftSection={<IconLogout size={16} aria-hidden />}>
          {t('account.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
