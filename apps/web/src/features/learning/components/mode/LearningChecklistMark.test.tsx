import type { Progress } from '@arbor/contract';
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../../../lib/i18n.ts';
import { LearningChecklistMark } from './LearningChecklistMark.tsx';
import { LearningContext, LearningStore, type LearningController } from './learning-store.ts';
import { LearningStatusBar } from './LearningStatusBar.tsx';

beforeAll(async () => {
  // jsdom has no matchMedia; MantineProvider reads the preferred colour scheme through it.
  window.matchMedia ??= (query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
  await activateLocale('en-US');
});
afterEach(cleanup);

const titles = new Map([
  ['root', 'Optics'],
  ['lenses', 'Lenses'],
  ['mirrors', 'Mirrors'],
]);

/** Learning mode on, with `lenses` done and `mirrors` waiting for it; `setStatus` recorded. */
function learningWith(statuses: Record<string, string>, locked: string[] = []) {
  const store = new LearningStore(true);
  const progress = { nodes: Object.fromEntries(Object.entries(statuses).map(([id, status]) => [id, { status }])) };
  store.set({ progress: progress as unknown as Progress, lockedIds: new Set(locked) });
  const setStatus = vi.fn();
  const controller = {
    subject: { kind: 'share', uuid: 'u-1' },
    store,
    setEnabled: () => undefined,
    setStatus,
    showPath: () => undefined,
    waitsForTitles: () => ['Lenses'],
    titleOf: (id: string) => titles.get(id) ?? id,
    isRoot: (id: string) => id === 'root',
    setMemoryView: () => undefined,
    setMemoryAt: () => undefined,
  } as LearningController;
  return { store, setStatus, controller };
}

describe('the outline as a checklist', () => {
  it('ticks a node done and unticks it back to do, and says what a locked one waits for', () => {
    const { controller, setStatus } = learningWith({ lenses: 'done' }, ['mirrors']);
    render(
      <MantineProvider>
        <LearningContext.Provider value={controller}>
          <LearningChecklistMark node={{ id: 'root', parent_id: null, title: 'Optics' }} />
          <LearningChecklistMark node={{ id: 'lenses', parent_id: 'root', title: 'Lenses' }} />
          <LearningChecklistMark node={{ id: 'mirrors', parent_id: 'root', title: 'Mirrors' }} />
        </LearningContext.Provider>
      </MantineProvider>,
    );
    // the root carries no status
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    const lenses = screen.getByRole('checkbox', { name: 'Mark Lenses done' });
    const mirrors = screen.getByRole('checkbox', { name: 'Mark Mirrors done' });
    expect((lenses as HTMLInputElement).checked).toBe(true);
    expect((mirrors as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('img', { name: 'Locked: waits for Lenses' })).toBeTruthy();
    fireEvent.click(mirrors);
    expect(setStatus).toHaveBeenLastCalledWith({ node_id: 'mirrors', status: 'done' });
    fireEvent.click(lenses);
    expect(setStatus).toHaveBeenLastCalledWith({ node_id: 'lenses', status: 'todo' });
  });
});

describe('the status bar under the canvas', () => {
  it('asks for a node, then sets the selected one’s status', () => {
    const { controller, setStatus, store } = learningWith({ lenses: 'learning' });
    // jsdom lays nothing out: the segmented control's observer and the bar's scroll do nothing here.
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
    Element.prototype.scrollIntoView ??= () => undefined;
    render(
      <MantineProvider>
        <LearningContext.Provider value={controller}>
          <LearningStatusBar />
        </LearningContext.Provider>
      </MantineProvider>,
    );
    expect(screen.getByTestId('learning-bar').textContent).toContain('Select a node');
    act(() => store.set({ selectedId: 'lenses' }));
    expect(screen.getByTestId('learning-bar-title').textContent).toBe('Lenses');
    fireEvent.click(screen.getByText('Done'));
    expect(setStatus).toHaveBeenLastCalledWith({ node_id: 'lenses', status: 'done' });
  });
});
