// Floating UI (menus, tooltips and the positioning library under them) is not needed to draw the first
// page, only to open a menu or show a hint, so it loads as its own chunk once the first page's content is
// on screen (lib/first-content.ts) instead of weighing on it. Until then a tooltip's target shows without its hint, and a menu's
// trigger shows as it will look, marked busy and disabled so a click cannot get lost.
import { ActionIcon, Avatar, UnstyledButton, type TooltipProps } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { Suspense, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyAfterFirstContent } from '../../../lib/first-content.ts';

const Tooltip = lazyAfterFirstContent(() => import('./floating.ts').then((m) => ({ default: m.Tooltip })));
const LazyLanguageMenu = lazyAfterFirstContent(() =>
  import('./LanguageMenu.tsx').then((m) => ({ default: m.LanguageMenu })),
);
const LazyAccountMenu = lazyAfterFirstContent(() =>
  import('./AccountMenu.tsx').then((m) => ({ default: m.AccountMenu })),
);

/** Mantine's Tooltip, loaded after the first render; the target shows without its hint until then. */
export function HintTooltip({ children, ...props }: Omit<TooltipProps, 'children'> & { children: ReactElement }) {
  return (
    <Suspense fallback={children}>
      <Tooltip {...props}>{children}</Tooltip>
    </Suspense>
  );
}

/** The language menu (header and blank layout). */
export function LanguageMenu() {
  const { t } = useTranslation('shell');
  return (
    <Suspense
      fallback={
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('language.label')} aria-disabled aria-busy>
          <IconLanguage size={20} aria-hidden />
        </ActionIcon>
      }
    >
      <LazyLanguageMenu />
    </Suspense>
  );
}

/** A signed-in user's avatar menu (profile, settings, admin, log out). */
export function AccountMenu({ name, avatarUrl, isAdmin }: { name: string; avatarUrl: string; isAdmin: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <Suspense
      fallback={
        <UnstyledButton
          aria-label={t('account.menu', { name })}
          aria-disabled
          aria-busy
          className="arbor-avatar-button"
        >
          <Avatar src={avatarUrl} alt="" radius="xl" size={34} />
        </UnstyledButton>
      }
    >
      <LazyAccountMenu name={name} avatarUrl={avatarUrl} isAdmin={isAdmin} />
    </Suspense>
  );
}
