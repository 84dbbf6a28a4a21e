// The web app's messages (apps/web/src/i18n/<namespace>/<locale>.json), so specs find controls by their
// accessible name in each language and notice English left in a Chinese or Japanese page.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

export const LOCALES = ['zh-CN', 'en-US', 'ja-JP'] as const;
export type Locale = (typeof LOCALES)[number];

const I18N_DIR = path.resolve(import.meta.dirname, '../../apps/web/src/i18n');
type Messages = { [key: string]: string | Messages };
const cache = new Map<string, Messages>();

function messages(namespace: string, locale: Locale): Messages {
  const file = path.join(I18N_DIR, namespace, `${locale}.json`);
  let loaded = cache.get(file);
  if (!loaded) {
    loaded = JSON.parse(readFileSync(file, 'utf8')) as Messages;
    cache.set(file, loaded);
  }
  return loaded;
}

/** The message `namespace:key` (dotted) in `locale`, with `{{name}}` filled from `values`. */
export function message(locale: Locale, namespace: string, key: string, values: Record<string, string | number> = {}) {
  let value: string | Messages | undefined = messages(namespace, locale);
  for (const part of key.split('.')) value = typeof value === 'object' ? value[part] : undefined;
  if (typeof value !== 'string') throw new Error(`no message ${namespace}:${key} in ${locale}`);
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

/** `message` bound to one locale. */
export const messagesIn =
  (locale: Locale) =>
  (namespace: string, key: string, values?: Record<string, string | number>): string =>
    message(locale, namespace, key, values);

function leaves(value: string | Messages, out: Set<string>): Set<string> {
  if (typeof value === 'string') out.add(value);
  else for (const child of Object.values(value)) leaves(child, out);
  return out;
}

/**
 * en-US messages that would be a leftover on a page in `locale`: whole, plain sentences and labels
 * (no placeholders, at least 4 characters) that no message of `locale` also uses as they are
 * ("JSON", "PNG"…).
 */
function englishOnly(locale: Locale): Set<string> {
  const namespaces = readdirSync(I18N_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const english = new Set<string>();
  const local = new Set<string>();
  for (const { name } of namespaces) {
    leaves(messages(name, 'en-US'), english);
    leaves(messages(name, locale), local);
  }
  return new Set([...english].filter((text) => text.length >= 4 && !text.includes('{{') && !local.has(text)));
}

/**
 * Visible text and accessible names (aria-label, title, placeholder) on the page that are an en-US
 * message, when the page is in Chinese or Japanese: a string the UI forgot to translate. Empty for en-US.
 */
export async function englishLeftovers(page: Page, locale: Locale): Promise<string[]> {
  if (locale === 'en-US') return [];
  const onPage = await page.evaluate(() => {
    const found = new Set<string>();
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    for (const el of document.body.querySelectorAll('*')) {
      if (!visible(el)) continue;
      for (const attribute of ['aria-label', 'title', 'placeholder']) {
        const value = el.getAttribute(attribute)?.trim();
        if (value) found.add(value);
      }
      for (const node of el.childNodes) {
        const text = node.nodeType === Node.TEXT_NODE ? node.textContent?.trim() : undefined;
        if (text) found.add(text);
      }
    }
    return [...found];
  });
  const english = englishOnly(locale);
  return onPage.filter((text) => english.has(text));
}
