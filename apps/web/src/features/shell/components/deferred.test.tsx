import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { firstContentShown } from '../../../lib/first-content.ts';
import { HintTooltip } from './deferred.tsx';

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
      </MantineProvider>,
    );
    const before = screen.getByRole('button', { name: 'Theme' });
    // A press starts the load of the floating code (lib/first-content.ts); the release comes after it.
    fireEvent.pointerDown(window);
    await act(() => firstContentShown);
    // Nothing of the tooltip is mounted until the pointer first comes over its target.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
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
});
