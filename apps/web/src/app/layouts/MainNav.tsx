import { Group, NavLink, Stack, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { HintTooltip } from '../../features/shell/index.ts';
import { NAV_ITEMS, isActive } from './nav-items.ts';
import { useSession } from '../../lib/session.ts';

function useVisibleItems() {
  const session = useSession();
  return NAV_ITEMS.filter((item) => !item.membersOnly || session.status === 'authenticated');
}

/** Header tabs of the horizontal layout. */
export function HeaderNav() {
  const { t } = useTranslation(['common', 'shell']);
  const { pathname } = useLocation();
  return (
    <Group component="nav" gap={4} aria-label={t('shell:nav.label')} wrap="nowrap">
      {useVisibleItems().map((item) => {
        const active = isActive(item, pathname);
        return (
          <UnstyledButton
            key={item.route}
            component={Link}
            to={item.path}
            className="arbor-header-link"
            data-active={active || undefined}
            aria-current={active ? 'page' : undefined}
          >
            {t(item.labelKey)}
          </UnstyledButton>
        );
      })}
    </Group>
  );
}

/** The navigation as a list: the vertical sidebar (icons only when `compact`) and the phone drawer. */
export function SideNav({ compact = false, onNavigate }: { compact?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation(['common', 'shell']);
  const { pathname } = useLocation();
  return (
    <Stack component="nav" gap={4} aria-label={t('shell:nav.label')}>
      {useVisibleItems().map((item) => {
        const label = t(item.labelKey);
        const Icon = item.icon;
        const active = isActive(item, pathname);
        const link = (
          <NavLink
            key={item.route}
            component={Link}
            to={item.path}
            label={compact ? null : label}
            aria-label={compact ? label : undefined}
            leftSection={<Icon size={20} stroke={1.7} aria-hidden />}
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
            className="arbor-side-link"
            data-compact={compact || undefined}
          />
        );
        return compact ? (
          <HintTooltip key={item.route} label={label} position="right" withArrow>
            {link}
          </HintTooltip>
        ) : (
          link
        );
      })}
    </Stack>
  );
}
