import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LAZY_NAMESPACES, i18n, loadNamespaces } from './i18n.ts';

describe('lazy i18n namespaces', () => {
  it('keeps them out of the first bundle and adds them on demand', async () => {
    for (const namespace of LAZY_NAMESPACES) expect(i18n.hasResourceBundle(DEFAULT_LOCALE, namespace)).toBe(false);
    await loadNamespaces(LAZY_NAMESPACES);
    for (const namespace of LAZY_NAMESPACES) {
      expect(i18n.hasResourceBundle(DEFAULT_LOCALE, namespace)).toBe(true);
      expect(Object.keys(i18n.getResourceBundle(DEFAULT_LOCALE, namespace) as object).length).toBeGreaterThan(0);
    }
  });

  it('loads every other namespace up front', () => {
    for (const namespace of ['common', 'shell', 'community', 'trees'])
      expect(i18n.hasResourceBundle(DEFAULT_LOCALE, namespace)).toBe(true);
  });
});
