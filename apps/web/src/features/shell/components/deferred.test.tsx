import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { firstContentShown, lazyAfterFirstContent } from '../../../lib/first-content.ts';
import { HintTooltip } from './deferred.tsx';

/** Loads the floating code the way the hint's tooltip does: once it shows, a tooltip mounted with the page would be in. */
const FloatingLoaded = lazyAfterFirstContent(() =>
  import('./floating.ts').then(() => ({ default: () => <span>floating code loaded</span> })),
);

beforeAll(() => {
  // A device with a mouse: hover hints are on.
  window.matchMedia = (query: string) =>
    ({
      matches: query === '(hover: hover)',
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }) as unknown as MediaQueryList;
});
afterEach(cleanup);

describe('HintTooltip', () => {
  it('keeps its target the same element when the tooltip code arrives, and hints on hover', async () => {
    const clicks: string[] = [];
    render(
      <MantineProvider>
        <HintTooltip label="Switch to dark" openDelay={0}>
          <button type="button" onClick={() => clicks.push('click')}>
            Theme
          </button>
        </HintTooltip>
        <Suspense fallback={null}>
          <FloatingLoaded />
        </Suspense>
      </MantineProvider>,
    );
    const before = screen.getByRole('button', { name: 'Theme' });
    // A press starts the load of the floating code (lib/first-content.ts); the release comes after it.
    fireEvent.pointerDown(window);
    await act(() => firstContentShown);
    // Nothing of the tooltip is mounted until the pointer first comes over its target, though its code is in.
    await screen.findByText('floating code loaded');
    expect(document.querySelector('[data-portal]')).toBeNull();
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerEnter(before);
    const tooltip = await waitFor(() => {
      fireEvent.mouseLeave(before);
      fireEvent.mouseEnter(before);
      return screen.getByRole('tooltip');
    });
    expect(tooltip.textContent).toBe('Switch to dark');
    // The element pressed is still the one on screen: the release and its click reach it.
    expect(screen.getByRole('button', { name: 'Theme' })).toBe(before);
    fireEvent.click(before);
    expect(clicks).toEqual(['click']);
  });

  it('renders its target once at mount: the arrival of the target re-renders nothing', () => {
    let renders = 0;
    function Target({ ref }: { ref?: React.Ref<HTMLButtonElement> }) {
      renders += 1;
      return (
        <button type="button" ref={ref}>
          Counted
        </button>
      );
    }
    render(
      <MantineProvider>
        <HintTooltip label="A hint">
          <Target />
        </HintTooltip>
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: 'Counted' })).toBeTruthy();
    expect(renders).toBe(1);
  });
});
