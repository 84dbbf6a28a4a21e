import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { flushSync } from 'react-dom';
import { isHydratingDrawnPage } from './hydration.ts';

/** SPEC §9 theme-switch animation. */
const REVEAL_MS = 300;

interface Point {
  x: number;
  y: number;
}

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Light ↔ dark. Where the View Transitions API exists the new theme grows as a circle from the
 * click point over 300 ms; under reduced motion (or without the API) it switches at once.
 */
export function useThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: isHydratingDrawnPage() });
  return (from?: Point) => {
    const next = computed === 'dark' ? 'light' : 'dark';
    const apply = () => flushSync(() => setColorScheme(next));
    if (typeof document.startViewTransition !== 'function' || prefersReducedMotion()) {
      apply();
      return;
    }
    const x = from?.x ?? window.innerWidth / 2;
    const y = from?.y ?? window.innerHeight / 2;
    const radius = Math.hypot(Math.max(x, window.innerWidth - x), Math.max(y, window.innerHeight - y));
    const transition = document.startViewTransition(apply);
    transition.ready
      .then(() =>
        document.documentElement.animate(
          { clipPath: [`circle(0px at ${x}px ${y}px)`, `circle(${radius}px at ${x}px ${y}px)`] },
          { duration: REVEAL_MS, easing: 'ease-out', pseudoElement: '::view-transition-new(root)' },
        ),
      )
      .catch(() => {
        // The transition was skipped (tab hidden, another one started): the theme is already applied.
      });
  };
}
