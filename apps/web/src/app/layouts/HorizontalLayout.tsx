import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Logo } from '../../features/shell/index.ts';
import { lazyAfterFirstContent } from '../../lib/first-content.ts';
import { HeaderNav } from './MainNav.tsx';

const NavDrawer = lazyAfterFirstContent(() => import('./NavDrawer.tsx'));

/** Default layout: logo, tabs and actions in a 60px header; on phones the tabs move into a drawer. */
export function HorizontalLayout({
  children,
  actions,
  boxed,
}: {
  children: ReactNode;
  actions: ReactNode;
  boxed: boolean;
}) {
  const { t } = useTranslation('shell');
  const [drawerOpened, drawer] = useDisclosure(false);
  const { pathname } = useLocation();
  useEffect(() => drawer.close(), [pathname]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <AppShell.Header className="arbor-header">
        <Group
          h="100%"
          justify="space-between"
          wrap="nowrap"
          className="arbor-header-inner"
          data-boxed={boxed || undefined}
        >
          <Group gap="md" wrap="nowrap">
            <Burger
              opened={drawerOpened}
              onClick={drawer.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('nav.open')}
            />
            <Logo />
            <Group visibleFrom="sm" ml="md">
              <HeaderNav />
            </Group>
          </Group>
          {actions}
        </Group>
      </AppShell.Header>
      <Suspense fallback={null}>
        <NavDrawer opened={drawerOpened} onClose={drawer.close} />
      </Suspense>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
