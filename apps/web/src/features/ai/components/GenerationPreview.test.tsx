import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import '../../../lib/i18n.ts';
import { GenerationPreview } from './GenerationPreview.tsx';
import type { GenerationState } from './useNodeGeneration.ts';

// jsdom has no matchMedia; MantineProvider reads the preferred colour scheme through it.
beforeAll(() => {
  window.matchMedia ??= (query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
});
afterEach(cleanup);

const noop = () => undefined;
const show = (state: Partial<GenerationState>) =>
  render(
    <MantineProvider>
      <GenerationPreview
        state={{ mode: 'content', phase: 'done', text: '', result: null, problem: null, ...state }}
        onStop={noop}
        onAcceptText={noop}
        onAddChildren={noop}
        onDiscard={noop}
        onRetry={noop}
      />
    </MantineProvider>,
  );

describe('AI suggestion preview', () => {
  it('renders suggested content as sanitised Markdown, while streaming and once done', () => {
    const text =
      '## Linear algebra\n\n- [ ] Vectors\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n<img src=x onerror="alert(1)">';
    for (const phase of ['streaming', 'done'] as const) {
      show({ phase, text });
      const box = screen.getByTestId('ai-stream-text');
      expect(box.querySelector('h2')?.textContent).toBe('Linear algebra');
      expect(box.querySelector('table td')?.textContent).toBe('1');
      expect(box.querySelector('input[type="checkbox"][disabled]')).not.toBeNull();
      expect(box.textContent).not.toContain('##');
      expect(box.querySelector('img')).toBeNull();
      cleanup();
    }
  });

  it('keeps a streaming children answer (JSON) as plain text', () => {
    show({ mode: 'children', phase: 'streaming', text: '[{"title": "**A**"' });
    const box = screen.getByTestId('ai-stream-text');
    expect(box.textContent).toBe('[{"title": "**A**"');
    expect(box.querySelector('[data-testid="markdown-preview"]')).toBeNull();
  });
});
