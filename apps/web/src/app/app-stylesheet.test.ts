import { afterEach, describe, expect, it } from 'vitest';
import { applyAppStylesheet, applyFontStylesheet } from './app-stylesheet.ts';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('applyAppStylesheet', () => {
  it('resolves at once when the page has no preloaded app stylesheet (development)', async () => {
    await expect(applyAppStylesheet()).resolves.toBeUndefined();
    expect(document.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(0);
  });

  it('turns the preload into a stylesheet and waits for it to load', async () => {
    document.head.innerHTML =
      '<link rel="preload" as="style" crossorigin href="/assets/app-x.css" data-app-stylesheet>';
    let done = false;
    const applied = applyAppStylesheet().then(() => (done = true));
    const sheet = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')!;
    expect(new URL(sheet.href).pathname).toBe('/assets/app-x.css');
    expect(sheet.previousElementSibling?.getAttribute('rel')).toBe('preload');
    await Promise.resolve();
    expect(done).toBe(false);
    sheet.dispatchEvent(new Event('load'));
    await applied;
    expect(done).toBe(true);
  });

  it('still starts the app when the stylesheet fails', async () => {
    document.head.innerHTML = '<link rel="preload" as="style" href="/assets/app-x.css" data-app-stylesheet>';
    const applied = applyAppStylesheet();
    document.querySelector('link[rel="stylesheet"]')!.dispatchEvent(new Event('error'));
    await expect(applied).resolves.toBeUndefined();
  });
});

describe('applyFontStylesheet', () => {
  it('adds the fonts stylesheet once, without waiting for it', () => {
    applyFontStylesheet('/assets/fonts-x.css');
    applyFontStylesheet('/assets/fonts-x.css');
    const sheets = document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]');
    expect(sheets).toHaveLength(1);
    expect(sheets[0]!.getAttribute('href')).toBe('/assets/fonts-x.css');
  });
});
