import type { ShareWithData } from '@arbor/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../../../lib/i18n.ts';
import { TemplateActions } from './TemplateActions.tsx';

beforeAll(async () => {
  window.matchMedia ??= (query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
  await activateLocale('en-US');
});
afterEach(cleanup);

const member = { update: false, delete: false, like: true, rate: true, use: true, review: true, comment: true };

function renderActions(abilities: Partial<ShareWithData['abilities']>) {
  const share = {
    uuid: '6f1c2a8e-0000-4000-8000-000000000002',
    liked: false,
    likes_count: 0,
    my_rating: null,
    abilities: { ...member, report: true, suggest: true, ...abilities },
  } as unknown as ShareWithData;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <MemoryRouter>
          <TemplateActions share={share} />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

describe('the rating of a template', () => {
  it('tells its author that authors do not rate their own template', () => {
    renderActions({ rate: false, review: false, report: false, suggest: false });
    expect(screen.getByText('Authors do not rate their own template')).toBeTruthy();
    expect(screen.queryByText('You have not rated it yet')).toBeNull();
  });

  it('invites another member to rate it', () => {
    renderActions({});
    expect(screen.getByText('You have not rated it yet')).toBeTruthy();
  });
});
