import { fillBrowserGaps } from '../../../../../testing/browser-gaps.ts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../../../../lib/i18n.ts';
import { CardForm } from '../CardForm.tsx';
import { CardEditor } from './CardEditor.tsx';

beforeAll(async () => {
  fillBrowserGaps();
  await activateLocale('en-US');
});
afterEach(cleanup);

function renderEditor(props: Partial<Parameters<typeof CardEditor>[0]> = {}) {
  const onSubmit = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <CardEditor nodeId="cells" submitLabel="Add" saving={false} onSubmit={onSubmit} {...props} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return onSubmit;
}

describe('the card editor', () => {
  it('opens an AI cloze draft as a cloze text with a preview of each card, and saves it as one input', () => {
    const onSubmit = renderEditor({
      initial: { kind: 'cloze', front: '{{c1::Paris}} is in {{c2::France}}.', back: '' },
    });
    expect((screen.getByTestId('cloze-text') as HTMLTextAreaElement).value).toBe('{{c1::Paris}} is in {{c2::France}}.');
    expect(screen.getAllByTestId('cloze-preview')).toHaveLength(2);
    fireEvent.click(screen.getByTestId('card-submit'));
    expect(onSubmit).toHaveBeenCalledWith({
      node_id: 'cells',
      kind: 'cloze',
      text: '{{c1::Paris}} is in {{c2::France}}.',
      back: '',
    });
  });

  it('wraps the selection as the next cloze on Ctrl+Shift+C, and refuses a text without one', () => {
    const onSubmit = renderEditor({ initial: { kind: 'cloze', front: 'Water boils at 100 degrees.' } });
    const area = screen.getByTestId('cloze-text') as HTMLTextAreaElement;
    fireEvent.click(screen.getByTestId('card-submit'));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Hide at least one part of the text, like {{c1::…}}.')).toBeTruthy();
    area.setSelectionRange(15, 18);
    fireEvent.keyDown(area, { key: 'C', ctrlKey: true, shiftKey: true });
    expect(area.value).toBe('Water boils at {{c1::100}} degrees.');
    expect(screen.getByTestId('cloze-gap').textContent).toBe('[…]');
  });

  it('edits a cloze card’s text with its previews, and an occlusion card’s extra only', () => {
    const onSubmit = vi.fn();
    const { rerender } = render(
      <QueryClientProvider client={new QueryClient()}>
        <MantineProvider>
          <CardForm
            key="cloze"
            kind="cloze"
            initial={{ front: '{{c1::a}} b', back: '' }}
            submitLabel="Save"
            saving={false}
            onSubmit={onSubmit}
          />
        </MantineProvider>
      </QueryClientProvider>,
    );
    expect(screen.getAllByTestId('cloze-preview')).toHaveLength(1);
    fireEvent.change(screen.getByTestId('cloze-text'), { target: { value: 'no gap' } });
    fireEvent.click(screen.getByTestId('card-submit'));
    expect(onSubmit).not.toHaveBeenCalled();
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <MantineProvider>
          <CardForm
            key="occlusion"
            kind="occlusion"
            initial={{ front: '', back: 'x' }}
            submitLabel="Save"
            saving={false}
            onSubmit={onSubmit}
          />
        </MantineProvider>
      </QueryClientProvider>,
    );
    expect(screen.queryByTestId('card-front-input')).toBeNull();
    expect(screen.queryByTestId('cloze-text')).toBeNull();
    fireEvent.click(screen.getByTestId('card-submit'));
    expect(onSubmit).toHaveBeenCalledWith({ front: '', back: 'x' });
  });
});
