import type { Card } from '@arbor/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../../../../lib/i18n.ts';
import { CardRow } from './CardList.tsx';

beforeAll(async () => {
  window.matchMedia ??= (query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
  await activateLocale('en-US');
});
afterEach(cleanup);

describe('a card in a card list', () => {
  it('shows its front as read, not its Markdown, in the row and in its buttons’ names', () => {
    const card = {
      id: 3,
      front: '**What** is `map` in $f(x)$? See [docs](https://example.com)',
      state: 'new',
      due: '2026-11-29T00:00:00Z',
      subject: { kind: 'tree', uuid: 'u-1', title: 'FP' },
      node_id: 'map',
    } as unknown as Card;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MantineProvider>
          <ul>
            <CardRow card={card} onEdit={() => {}} />
          </ul>
        </MantineProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('card-row-front').textContent).toBe('What is map in f(x)? See docs');
    expect(screen.getByTestId('card-edit').getAttribute('aria-label')).toContain('What is map in f(x)? See docs');
    expect(screen.getByTestId('card-edit').getAttribute('aria-label')).not.toContain('**');
  });
});
