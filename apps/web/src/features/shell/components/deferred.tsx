// Floating UI (menus, tooltips and the positioning library under them) is not needed to draw the first
// page, only to open a menu or show a hint, so it loads as its own chunk once the first page's content is
// on screen (lib/first-content.ts) instead of weighing on it. Until then a tooltip's target shows without its hint, and a menu's
// trigger shows as it will look, marked busy and disabled so a click cannot get lost.
import { ActionIcon, Avatar, UnstyledButton, type TooltipProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { IconLanguage } from '@tabler/icons-react';
import { cloneElement, Suspense, useEffect, useRef, useState, type ReactElement, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyAfterFirstContent } from '../../../lib/first-content.ts';

const Tooltip = lazyAfterFirstContent(() => import('./floating.ts').then((m) => ({ default: m.Tooltip })));
/** A pointer that can hover (a mouse, a trackpad): touch screens get no hover hints. */
const HOVER = '(hover: hover)';
const LazyLanguageMenu = lazyAfterFirstContent(() =>
  import('./LanguageMenu.tsx').then((m) => ({ default: m.LanguageMenu })),
);
const LazyAccountMenu = lazyAfterFirstContent(() =>
  import('./AccountMenu.tsx').then((m) => ({ default: m.AccountMenu })),
);

/**
 * Mantine's Tooltip, loaded after the first render, as a hint on hover where the device can hover.
 * The target is rendered here, always the same element: the tooltip attaches to it once its code is in
 * (`target`), instead of wrapping it. Wrapping would swap the element for a new one when the code
 * arrives, and that happens right after a pointer press (which starts the load): the press landed on
 * the old element, the release on the new one, and the click was lost. The tooltip itself mounts when
 * the pointer first comes over its target, opened if it is still there: mounted with the page, each one
 * (a toolbar has a dozen) mounted its portal and measured its target in a synchronous update at start.
 * Nor does the target's arrival re-render anything: it is kept in a ref until that first hover, as a state
 * set from a ref re-rendered the hint and its target synchronously right after a drawn page was hydrated.
 */
export function HintTooltip({
  children,
  ...props
}: Omit<TooltipProps, 'children' | 'target'> & { children: ReactElement }) {
  const element = useRef<HTMLElement | null>(null);
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const ref = useMergedRef(element, (children.props as { ref?: Ref<HTMLElement> }).ref);
  // After every render: the element may have been replaced (a new child), and the listener goes with it. Whether
  // the device can hover is asked then too: a state for it would render every hint again once it is known.
  useEffect(() => {
    const current = element.current;
    if (!current || target === current) return;
    const hover = () => {
      if (window.matchMedia(HOVER).matches) setTarget(current);
    };
    current.addEventListener('pointerenter', hover);
    return () => current.removeEventListener('pointerenter', hover);
  });
  return (
    <>
      {cloneElement(children as ReactElement<{ ref?: Ref<HTMLElement> }>, { ref })}
      {target && (
        <Suspense fallback={null}>
          <Tooltip {...props} target={target} defaultOpened={target.matches(':hover')} />
        </Suspense>
      )}
    </>
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
