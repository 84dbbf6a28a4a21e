import type { Locale } from '@arbor/contract';

const LOCALES: Locale[] = ['zh-CN', 'en-US', 'ja-JP'];

/** The best supported locale for an Accept-Language header (q-values honoured), or null. */
export function localeFromAcceptLanguage(header: string | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q) : 1 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const exact = LOCALES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const language = LOCALES.find((l) => l.slice(0, 2).toLowerCase() === tag.slice(0, 2));
    if (language) return language;
  }
  return null;
}

/** The language of API messages for a request: its Accept-Language, en-US when it names none we speak. */
export function messageLocale(header: string | undefined): Locale {
  return localeFromAcceptLanguage(header) ?? 'en-US';
}
