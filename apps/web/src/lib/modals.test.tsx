import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import ModalsHost from '../app/modals-host.tsx';
import { fillBrowserGaps } from '../testing/browser-gaps.ts';
import { modals } from './modals.ts';

beforeAll(fillBrowserGaps);
afterEach(cleanup);

const mountHost = () =>
  render(
    <MantineProvider>
      <ModalsHost />
    </MantineProvider>,
  );

describe('modals', () => {
  // One module, one manager: the first test opens before it is mounted, the later ones after.
  it('shows a modal opened before the manager was mounted once it is, and drops one closed meanwhile', async () => {
    const early = modals.open({ title: 'Opened early', children: 'early body' });
    const dropped = modals.openConfirmModal({ title: 'Closed early', labels: { confirm: 'OK', cancel: 'No' } });
    expect(early).not.toBe(dropped);
    modals.close(dropped);
    await act(async () => void mountHost());
    expect(await screen.findByRole('dialog', { name: 'Opened early' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Closed early' })).toBeNull();
    await act(async () => modals.close(early));
    await expect.poll(() => screen.queryByRole('dialog', { name: 'Opened early' })).toBeNull();
  });

  it('opens at once with the manager mounted, under the id it answered', async () => {
    mountHost();
    let id = '';
    await act(async () => void (id = modals.open({ title: 'Later', children: 'later body' })));
    expect(await screen.findByRole('dialog', { name: 'Later' })).toBeTruthy();
    await act(async () => modals.close(id));
    await expect.poll(() => screen.queryByRole('dialog', { name: 'Later' })).toBeNull();
  });

  it('asks one confirmation at a time: a second press answers the first dialog instead of stacking another', async () => {
    mountHost();
    let first = '';
    let second = '';
    const ask = () =>
      modals.openConfirmModal({
        title: 'Delete it?',
        labels: { confirm: 'Delete', cancel: 'Keep' },
        onConfirm: () => {},
      });
    await act(async () => {
      first = ask();
      second = ask();
    });
    expect(second).toBe(first);
    expect(await screen.findAllByRole('dialog', { name: 'Delete it?' })).toHaveLength(1);
    await act(async () => screen.getByRole('button', { name: 'Delete' }).click());
    await expect.poll(() => screen.queryByRole('dialog', { name: 'Delete it?' })).toBeNull();
    // Once answered, the next press asks again.
    let third = '';
    await act(async () => void (third = ask()));
    expect(third).not.toBe(first);
    expect(await screen.findByRole('dialog', { name: 'Delete it?' })).toBeTruthy();
    await act(async () => modals.close(third));
    await expect.poll(() => screen.queryByRole('dialog', { name: 'Delete it?' })).toBeNull();
  });
  it("lets a confirmation's answer ask the next one", async () => {
    mountHost();
    const askAgain = () =>
      modals.openConfirmModal({ title: 'Really sure?', labels: { confirm: 'Yes', cancel: 'No' }, onConfirm: () => {} });
    await act(
      async () =>
        void modals.openConfirmModal({
          title: 'Sure?',
          labels: { confirm: 'Go on', cancel: 'Stop' },
          onConfirm: askAgain,
        }),
    );
    await screen.findByRole('dialog', { name: 'Sure?' });
    await act(async () => screen.getByRole('button', { name: 'Go on' }).click());
    expect(await screen.findByRole('dialog', { name: 'Really sure?' })).toBeTruthy();
    await expect.poll(() => screen.queryByRole('dialog', { name: 'Sure?' })).toBeNull();
    await act(async () => screen.getByRole('button', { name: 'No' }).click());
    await expect.poll(() => screen.queryByRole('dialog', { name: 'Really sure?' })).toBeNull();
  });
});
