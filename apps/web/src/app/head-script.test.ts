// index.html's head script decides, before the first paint, whether a page drawn outside the browser is this
// visitor's: the prerendered landing page only for a visitor without a session, stored settings or another
// language; a page the server drew for a signed-in user (`data-viewer`) only in a browser holding that user's
// session. Otherwise the splash covers it until the app has drawn the page itself.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const indexHtml = readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');
const headScript = /<script>([\s\S]*?)<\/script>/.exec(indexHtml)![1]!;

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const tokensOf = (userId: number) =>
  JSON.stringify({
    accessToken: `${base64url({ alg: 'HS256' })}.${base64url({ sub: String(userId) })}.sig`,
    refreshToken: 'r',
  });

function run(attributes: Record<string, string>, stored: Record<string, string> = {}): boolean {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(attributes)) root.setAttribute(name, value);
  for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  new Function(headScript)();
  return root.classList.contains('arbor-skip-prerender');
}

describe('the head script', () => {
  beforeEach(() => {
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    const root = document.documentElement;
    for (const name of [...root.getAttributeNames()]) root.removeAttribute(name);
    localStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows a page drawn for a signed-in user in a browser holding that user’s session', () => {
    expect(run({ lang: 'en-US', 'data-prerendered': '', 'data-viewer': '7' }, { __arbor__jwt__: tokensOf(7) })).toBe(
      false,
    );
  });

  it('covers it with the splash for another user, no session, or another language', () => {
    expect(run({ lang: 'en-US', 'data-prerendered': '', 'data-viewer': '7' }, { __arbor__jwt__: tokensOf(8) })).toBe(
      true,
    );
    expect(run({ lang: 'en-US', 'data-prerendered': '', 'data-viewer': '7' })).toBe(true);
    localStorage.clear();
    document.documentElement.className = '';
    expect(
      run(
        { lang: 'en-US', 'data-prerendered': '', 'data-viewer': '7' },
        { __arbor__jwt__: tokensOf(7), 'arbor.locale': 'ja-JP' },
      ),
    ).toBe(true);
  });

  it('shows the prerendered landing page to a visitor without a session, not to a signed-in one', () => {
    expect(run({ lang: 'zh-CN', 'data-prerendered': '' })).toBe(false);
    expect(run({ lang: 'zh-CN', 'data-prerendered': '' }, { __arbor__jwt__: tokensOf(7) })).toBe(true);
  });
});
