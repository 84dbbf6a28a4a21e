// The live app's start on a page the server drew: hydrated (the drawn elements stay), drawn anew when the two
// differ, or cleared when the head script set the drawn page aside.
import { act, useEffect, useId } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endHydratingDrawnPage, isHydratingDrawnPage } from '../lib/hydration.ts';
import { mountApp } from './mount-app.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Page({ text }: { text: string }) {
  const id = useId();
  // As app/providers.tsx does once the first render is committed.
  useEffect(() => endHydratingDrawnPage(), []);
  return (
    <main aria-labelledby={id}>
      <h1 id={id}>{text}</h1>
    </main>
  );
}

function drawnRoot(html: string): HTMLElement {
  document.body.innerHTML = `<div id="root" class="arbor-prerender" data-drawn inert>${html}</div>`;
  return document.getElementById('root')!;
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('mountApp', () => {
  it('hydrates a drawn page: the elements the server drew stay, live, no longer inert', async () => {
    const root = drawnRoot(renderToString(<Page text="Ada’s list" />));
    const heading = root.querySelector('h1')!;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await act(async () => mountApp(root, <Page text="Ada’s list" />, true));
    expect(root.querySelector('h1')).toBe(heading);
    expect(root.dataset.hydration).toBe('hydrated');
    expect(isHydratingDrawnPage()).toBe(false);
    expect(root.hasAttribute('inert')).toBe(false);
    expect(root.hasAttribute('data-drawn')).toBe(false);
    expect(root.classList.contains('arbor-prerender')).toBe(false);
    expect(warn).not.toHaveBeenCalled();
  });

  it('draws the page anew, with a warning, when the live page differs from the drawn one', async () => {
    const root = drawnRoot(renderToString(<Page text="Ada’s list" />));
    const heading = root.querySelector('h1')!;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => mountApp(root, <Page text="Grace’s list" />, true));
    expect(root.querySelector('h1')!.textContent).toBe('Grace’s list');
    expect(root.querySelector('h1')).not.toBe(heading);
    expect(root.dataset.hydration).toBe('redrawn');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('drawn anew'), expect.anything());
  });

  it('clears a drawn page the head script set aside (another session) and draws the app', async () => {
    const root = drawnRoot(renderToString(<Page text="Ada’s list" />));
    await act(async () => mountApp(root, <Page text="Grace’s list" />, false));
    expect(root.querySelectorAll('h1')).toHaveLength(1);
    expect(root.querySelector('h1')!.textContent).toBe('Grace’s list');
    expect(root.dataset.hydration).toBe('set-aside');
    expect(root.hasAttribute('inert')).toBe(false);
  });

  it('draws a page that came without a drawn one, leaving no mark', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    const root = document.getElementById('root')!;
    await act(async () => mountApp(root, <Page text="Home" />, false));
    expect(root.querySelector('h1')!.textContent).toBe('Home');
    expect(root.dataset.hydration).toBeUndefined();
  });
});
