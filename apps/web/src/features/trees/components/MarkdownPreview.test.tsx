import { MantineProvider } from '@mantine/core';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hasMath, MarkdownPreview } from './MarkdownPreview.tsx';

// jsdom has no matchMedia; MantineProvider reads the preferred colour scheme through it.
beforeAll(() => {
  window.matchMedia ??= (query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
});
afterEach(cleanup);

const preview = (source: string) =>
  render(
    <MantineProvider>
      <MarkdownPreview source={source} />
    </MantineProvider>,
  ).getByTestId('markdown-preview');

/** Every attribute name anywhere under `root`. */
const attributeNames = (root: Element) =>
  [root, ...root.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.name.toLowerCase()));

describe('MarkdownPreview (GitHub-flavoured Markdown, sanitised)', () => {
  it('renders a table with its header and cells', () => {
    const root = preview('| Topic | Hours |\n| --- | ---: |\n| Algebra | 12 |\n| Calculus | 20 |\n');
    const table = root.querySelector('table');
    expect(table).not.toBeNull();
    expect([...table!.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Topic', 'Hours']);
    expect([...table!.querySelectorAll('tbody tr')].map((tr) => tr.textContent)).toEqual(['Algebra12', 'Calculus20']);
  });

  it('renders a task list as disabled checkboxes, checked where ticked', () => {
    const root = preview('- [x] Read the chapter\n- [ ] Do the exercises\n');
    const list = root.querySelector('ul.contains-task-list');
    expect(list).not.toBeNull();
    const items = [...list!.querySelectorAll('li.task-list-item')];
    expect(items.map((li) => li.textContent?.trim())).toEqual(['Read the chapter', 'Do the exercises']);
    const boxes = [...list!.querySelectorAll('input')];
    expect(boxes.map((b) => [b.type, b.disabled, b.checked])).toEqual([
      ['checkbox', true, true],
      ['checkbox', true, false],
    ]);
  });

  it('renders ~~strikethrough~~ as del', () => {
    const root = preview('Keep ~~drop this~~ that');
    expect(root.querySelector('del')?.textContent).toBe('drop this');
  });

  it('still strips scripts, event handlers and javascript: links, in GFM tables too', () => {
    const root = preview(
      [
        '<script>window.pwned = 1</script>',
        '<img src="x" onerror="window.pwned = 1">',
        '[click](javascript:alert(1))',
        '',
        '| a | b |',
        '| - | - |',
        '| <b onclick="alert(1)">x</b> | [y](javascript:alert(2)) |',
        '',
        '- [ ] <input type="text" onfocus="alert(3)" autofocus>',
      ].join('\n'),
    );
    expect(root.querySelector('table')).not.toBeNull();
    expect(root.querySelector('script, img, b, input[type="text"]')).toBeNull();
    expect(attributeNames(root).filter((name) => name.startsWith('on'))).toEqual([]);
    for (const link of root.querySelectorAll('a')) {
      expect(link.getAttribute('href') ?? '').not.toMatch(/^\s*javascript:/i);
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });
});

describe('MarkdownPreview math (KaTeX, loaded on first use)', () => {
  it('typesets $…$ inline and $$ on lines of their own as a display, keeping the text around it', async () => {
    const root = preview('Euler: $e^{i\\pi} + 1 = 0$, and\n\n$$\n\\int_0^1 x\\,dx = \\frac{1}{2}\n$$\n\nCosts $5.');
    await waitFor(() => expect(root.querySelectorAll('.katex').length).toBe(2));
    const [inline, display] = [...root.querySelectorAll('.katex')];
    expect(inline!.closest('.katex-display')).toBeNull();
    expect(display!.closest('.katex-display')).not.toBeNull();
    // the TeX source travels with the rendering (MathML annotation), for screen readers and copying
    expect(inline!.querySelector('annotation')?.textContent).toBe('e^{i\\pi} + 1 = 0');
    expect(root.textContent).toContain('Euler:');
    // a lone dollar is text (two on a line make math, as in every $…$ Markdown: write \\$ for a price)
    expect(root.textContent).toContain('Costs $5.');
  });

  it('keeps math sanitised: no link or script from TeX, and a bad formula shows as an error, not a crash', async () => {
    const root = preview('$\\href{javascript:alert(1)}{x}$ and $\\frac{1}{$ and $x^2$');
    await waitFor(() => expect(root.querySelectorAll('.katex').length).toBeGreaterThan(0));
    expect(root.querySelector('a, [href], [src]')).toBeNull();
    expect(root.querySelector('.katex-error')?.textContent).toBe('\\frac{1}{');
    expect(root.querySelector('script')).toBeNull();
  });

  it('leaves text without math alone (the math chunk is not needed)', () => {
    expect(hasMath('Costs $5, not 6.')).toBe(false);
    expect(hasMath('plain **bold**')).toBe(false);
    expect(hasMath('$x$')).toBe(true);
    expect(hasMath('$$\nx\n$$')).toBe(true);
  });
});
