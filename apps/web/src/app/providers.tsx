import { DirectionProvider, MantineProvider, localStorageColorSchemeManager, useDirection } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { NavigationProgress } from '@mantine/nprogress';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { useSettings } from '../features/settings/index.ts';
import { lazyAfterFirstContent, useFirstContentShown } from '../lib/first-content.ts';
import { endHydratingDrawnPage } from '../lib/hydration.ts';
import { i18n } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { Z_INDEX, buildTheme, cssVariablesResolver } from './theme.ts';

// Loaded once the first page's content is on screen (or at the first click); see modals-host.tsx.
const ModalsHost = lazyAfterFirstContent(() => import('./modals-host.tsx'));

const colorSchemeManager = localStorageColorSchemeManager({ key: 'arbor.color-scheme' });

/** Keeps Mantine's direction (and `<html dir>`) in step with the RTL setting. */
function DirectionSync({ rtl }: { rtl: boolean }) {
  const { setDirection } = useDirection();
  useEffect(() => setDirection(rtl ? 'rtl' : 'ltr'), [rtl, setDirection]);
  return null;
}

/**
 * What only shows later (the loading bar of a navigation, toasts) mounts once the first page is on screen: each
 * mounts a portal, which renders again at once in a synchronous update, and on a page the server drew that update
 * ran right after hydrating it. Their stores keep what was started or shown before; it appears when they mount.
 */
function AfterFirstContent({ children }: { children: ReactNode }) {
  return useFirstContentShown() ? children : null;
}

/** The navigation loading bar, labelled in the current language. */
function LoadingBar() {
  const { t } = useTranslation('common');
  return <NavigationProgress zIndex={Z_INDEX.progress} aria-label={t('loading')} />;
}

/** Everything the pages rely on: theme, colour scheme, i18n, server state, modals, toasts, progress bar. */
export function AppProviders({ children }: { children: ReactNode }) {
  const settings = useSettings();
  // Outside the I18nextProvider below, so the instance is named; the hook re-renders on a language change.
  const { t } = useTranslation('common', { i18n });
  const closeLabel = t('close');
  const theme = useMemo(() => buildTheme(settings.colorPreset, closeLabel), [settings.colorPreset, closeLabel]);
  // The first render is committed (the drawn page, if any, is hydrated): components read the browser as they render.
  useEffect(() => endHydratingDrawnPage(), []);
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={settings.rtl ? 'rtl' : 'ltr'} detectDirection={false}>
        <DirectionSync rtl={settings.rtl} />
        <MantineProvider
          theme={theme}
          colorSchemeManager={colorSchemeManager}
          defaultColorScheme="auto"
          cssVariablesResolver={cssVariablesResolver}
        >
          <QueryClientProvider client={queryClient}>
            <AfterFirstContent>
              <LoadingBar />
              {/* Bottom-right, so a toast never covers the header's search, bell or avatar (on a phone too). */}
              <Notifications position="bottom-right" zIndex={Z_INDEX.notifications} />
            </AfterFirstContent>
            {children}
            <Suspense fallback={null}>
              <ModalsHost />
            </Suspense>
          </QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
