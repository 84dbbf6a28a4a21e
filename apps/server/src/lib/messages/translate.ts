import type { Locale } from '@arbor/contract';
import { catalogRevision, registeredMessages, type Translations } from './catalog.ts';

const PLACEHOLDER = /\{(\w+)\}/g;

interface Pattern {
  regex: RegExp;
  names: string[];
  translations: Translations;
  /** characters outside placeholders: the most specific pattern wins */
  literalLength: number;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(template: string, translations: Translations): Pattern {
  const names: string[] = [];
  let source = '';
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    source += escapeRegex(template.slice(last, match.index)) + '([\\s\\S]+?)';
    names.push(match[1]!);
    last = match.index + match[0].length;
  }
  source += escapeRegex(template.slice(last));
  return {
    regex: new RegExp(`^${source}$`),
    names,
    translations,
    literalLength: template.replace(PLACEHOLDER, '').length,
  };
}

let compiled: { revision: number; patterns: Pattern[] } | null = null;

/** The catalog's `{placeholder}` entries, most specific first; compiled again only after a registration. */
function patterns(): Pattern[] {
  if (compiled?.revision !== catalogRevision()) {
    const patterns = [...registeredMessages()]
      .filter(([english]) => new RegExp(PLACEHOLDER.source).test(english))
      .map(([english, translations]) => compile(english, translations))
      .sort((a, b) => b.literalLength - a.literalLength);
    compiled = { revision: catalogRevision(), patterns };
  }
  return compiled.patterns;
}

/** How deep a value inside a message is itself translated ("Invalid tree document: Node "a": …"). */
const MAX_DEPTH = 3;

function translate(message: string, locale: Exclude<Locale, 'en-US'>, depth: number): string {
  const exact = registeredMessages().get(message)?.[locale];
  if (exact !== undefined) return exact;
  for (const pattern of patterns()) {
    const match = pattern.regex.exec(message);
    if (!match) continue;
    const values = new Map<string, string>();
    pattern.names.forEach((name, index) => {
      const value = match[index + 1]!;
      values.set(name, depth < MAX_DEPTH ? translate(value, locale, depth + 1) : value);
    });
    return pattern.translations[locale].replace(PLACEHOLDER, (whole, name: string) => values.get(name) ?? whole);
  }
  return message;
}

/**
 * A server message in `locale`: its catalog entry (exact, or the most specific `{placeholder}`
 * pattern, with the values put back), else the English message unchanged. Never throws.
 */
export function translateMessage(message: string, locale: Locale): string {
  if (locale === 'en-US' || typeof message !== 'string') return message;
  try {
    return translate(message, locale, 0);
  } catch {
    return message;
  }
}

/** `{field: [messages]}` with every message in `locale`. */
export function translateFields(fields: Record<string, string[]>, locale: Locale): Record<string, string[]> {
  if (locale === 'en-US') return fields;
  const translated: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(fields)) {
    translated[field] = Array.isArray(messages)
      ? messages.map((message) => translateMessage(message, locale))
      : messages;
  }
  return translated;
}

/**
 * A text the server writes itself (a notification's sentence) in `locale`: the catalog's entry for
 * `template`, or `template` itself in English or without an entry, with each `{name}` replaced by
 * `values[name]`. Unlike `translateMessage`, values are put in as they are (a template's title that
 * happens to read like a message stays what its author wrote).
 */
export function formatMessage(template: string, locale: Locale, values: Record<string, string> = {}): string {
  const translated = locale !== 'en-US' ? (registeredMessages().get(template)?.[locale] ?? template) : template;
  return translated.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name]! : whole,
  );
}
