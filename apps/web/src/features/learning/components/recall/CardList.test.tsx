import type { Card } from '@arbor/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../../../../lib/i18n.ts';
import { CardRow } from './CardList.tsx';
import { CardQuestion } from './kinds/CardFace.tsx';

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

  const wrap = (node: React.ReactNode) =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MantineProvider>{node}</MantineProvider>
      </QueryClientProvider>,
    );
  const base = {
    state: 'new',
    due: '2026-11-29T00:00:00Z',
    subject: { kind: 'tree', uuid: 'u-1', title: 'Bio' },
    node_id: 'cells',
    siblings: [],
  };
  const cloze = {
    ...base,
    id: 4,
    kind: 'cloze',
    cloze: 2,
    occlusion: null,
    front: '{{c1::Paris}} is in {{c2::France::a country}}.',
    back: '',
  } as unknown as Card;
  const occlusion = {
    ...base,
    id: 5,
    kind: 'occlusion',
    cloze: null,
    front: '',
    back: '',
    occlusion: {
      image: 1,
      url: '/api/learn/card-images/1/x.webp',
      width: 600,
      height: 400,
      masks: [
        { x: 0, y: 0, w: 0.5, h: 0.5 },
        { x: 0.5, y: 0.5, w: 0.25, h: 0.25 },
      ],
      index: 1,
      mode: 'hide_one',
    },
  } as unknown as Card;

  it('names a cloze card by its text without markers and an occlusion card by its mask', () => {
    wrap(
      <ul>
        <CardRow card={cloze} onEdit={() => {}} />
        <CardRow card={occlusion} onEdit={() => {}} />
      </ul>,
    );
    const fronts = screen.getAllByTestId('card-row-front').map((el) => el.textContent);
    expect(fronts).toEqual(['Paris is in France.', 'Image mask 2 of 2']);
    expect(screen.getAllByTestId('card-row-kind').map((el) => el.textContent)).toEqual(['Cloze 2', 'Image']);
    expect(screen.getAllByTestId('card-edit')[1]!.getAttribute('aria-label')).toContain('Image mask 2 of 2');
  });

  it('asks a cloze card with its gap (the hint) and reveals the answer in place', () => {
    const { rerender } = wrap(<CardQuestion card={cloze} revealed={false} />);
    expect(screen.getByTestId('cloze-gap').textContent).toBe('[a country]');
    expect(screen.getByTestId('markdown-preview').textContent).toBe('Paris is in [a country].');
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <MantineProvider>
          <CardQuestion card={cloze} revealed />
        </MantineProvider>
      </QueryClientProvider>,
    );
    expect(screen.queryByTestId('cloze-gap')).toBeNull();
    expect(screen.getByTestId('cloze-answer').textContent).toBe('France');
  });

  it('covers only the asked mask in hide one, and opens it in place when revealed', () => {
    wrap(<CardQuestion card={occlusion} revealed={false} />);
    expect(screen.getAllByTestId('occlusion-asked')).toHaveLength(1);
    expect(screen.queryAllByTestId('occlusion-mask')).toHaveLength(0);
    cleanup();
    wrap(<CardQuestion card={{ ...occlusion, occlusion: { ...occlusion.occlusion!, mode: 'hide_all' } }} revealed />);
    expect(screen.getAllByTestId('occlusion-mask')).toHaveLength(1);
    expect(screen.getByTestId('occlusion-revealed').style.left).toBe('50%');
  });
});
