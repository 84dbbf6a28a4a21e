import { AppShell, Burger, Group, Overlay } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../features/shell/index.ts';
import { SideNav } from './MainNav.tsx';
import { useSidebar } from './use-sidebar.ts';

/** SPEC §9 sidebar widths. */
const OPEN_WIDTH = 300;
const CLOSED_WIDTH = 64;

/**
 * Sidebar layout: 300px open, 64px (icons) closed on wide screens; on phones it slides over the page
 * and a click outside closes it.
 */
export function VerticalLayout({ children, actions }: { children: ReactNode; actions: ReactNode }) {
  const { t } = useTranslation('shell');
  const sidebar = useSidebar();
  const compact = !sidebar.opened && !sidebar.small;
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: sidebar.opened ? OPEN_WIDTH : CLOSED_WIDTH,
        breakpoint: 700,
        collapsed: { mobile: !sidebar.opened },
      }}
      transitionDuration={300}
      padding={0}
    >
      <AppShell.Header className="arbor-header">
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="md" wrap="nowrap">
            <Burger
              opened={sidebar.opened}
              onClick={sidebar.toggle}
              size="sm"
              aria-label={t(sidebar.opened ? 'nav.close' : 'nav.open')}
              aria-expanded={sidebar.opened}
              aria-controls="arbor-sidebar"
              data-testid="sidebar-toggle"
            />
            <Logo />
          </Group>
          {actions}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        p={compact ? 8 : 'md'}
        id="arbor-sidebar"
        className="arbor-navbar"
        data-opened={sidebar.opened || undefined}
        data-testid="sidebar"
      >
        <SideNav compact={compact} />
      </AppShell.Navbar>
      {sidebar.small && sidebar.opened ? (
        <Overlay fixed zIndex={99} backgroundOpacity={0.4} onClick={sidebar.close} data-testid="sidebar-backdrop" />
      ) : null}
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
