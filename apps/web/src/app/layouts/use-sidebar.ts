import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { settingsStore, useSettings } from '../../features/settings/index.ts';

/** SPEC §9: responsive breakpoint and sidebar auto-close width. */
const SMALL_SCREEN = '(max-width: 700px)';
const AUTO_CLOSE = '(max-width: 1000px)';

/**
 * The vertical layout's sidebar (SPEC §4): the stored "collapsed" setting decides on wide screens;
 * it auto-closes at ≤ 1000px, starts closed and closes after each navigation at ≤ 700px.
 */
export function useSidebar() {
  const { sidebarCollapsed } = useSettings();
  const small = useMediaQuery(SMALL_SCREEN, window.matchMedia(SMALL_SCREEN).matches, {
    getInitialValueInEffect: false,
  });
  const narrow = useMediaQuery(AUTO_CLOSE, window.matchMedia(AUTO_CLOSE).matches, { getInitialValueInEffect: false });
  const [opened, setOpened] = useState(() => !sidebarCollapsed && !narrow);
  const { pathname } = useLocation();

  // The setting changed (Settings page, other tab): follow it, unless the screen is too narrow to open.
  useEffect(() => setOpened(!sidebarCollapsed && !narrow), [sidebarCollapsed, narrow]);

  useEffect(() => {
    if (small) setOpened(false);
  }, [pathname, small]);

  const toggle = useCallback(() => {
    setOpened((open) => {
      // Only a choice made on a wide screen becomes the remembered preference.
      if (!window.matchMedia(AUTO_CLOSE).matches) settingsStore.update({ sidebarCollapsed: open });
      return !open;
    });
  }, []);
  const close = useCallback(() => setOpened(false), []);

  return { opened, small, toggle, close };
}
