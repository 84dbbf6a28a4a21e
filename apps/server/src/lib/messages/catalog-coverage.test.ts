import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { MODULE_MESSAGES } from '../../modules/messages.ts';
import { registerMessages, registeredMessages } from './catalog.ts';
import { literalMessages, type FoundMessage } from './literal-messages.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
/** A catalog key or a scanned template, with every placeholder written `{}`. */
const shape = (message: string) => message.replace(/\{\w*\}/g, '{}');
const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

// lib's messages and every module's, as the app registers them
registerMessages(...MODULE_MESSAGES);
const CATALOG = Object.fromEntries(registeredMessages());

describe('message catalog', () => {
  let scanned: FoundMessage[] = [];
  // parsing every source file takes a few seconds on a busy machine
  beforeAll(() => {
    scanned = literalMessages(repoRoot);
  }, 120_000);

  it('finds the messages of the sources (the scan itself works)', () => {
    const found = scanned.map((message) => message.text);
    expect(found).toContain('Not found.');
    expect(found).toContain('Tags must not be empty.');
    expect(found).toContain('Invalid tree document: {}');
    expect(found).toContain('The AI provider did not answer in time.');
    expect(found.length).toBeGreaterThan(100);
  });

  it('has a zh-CN and a ja-JP entry for every message the server, the contract and tree-core can answer', () => {
    const known = new Set(Object.keys(CATALOG).map(shape));
    const missing = scanned
      .filter((message) => !known.has(shape(message.text)))
      .map((message) => `${message.where}: ${JSON.stringify(message.text)}`);
    expect(
      missing,
      "add these messages to their module's <module>.messages.ts (lib's own to lib/messages/catalog.ts)",
    ).toEqual([]);
  });

  it('keeps the placeholders of every entry in each translation', () => {
    const broken = Object.entries(CATALOG).flatMap(([english, translations]) =>
      (['zh-CN', 'ja-JP'] as const)
        .filter((locale) => {
          const translated = translations[locale];
          return !translated.trim() || placeholders(translated).join() !== placeholders(english).join();
        })
        .map((locale) => `${locale}: ${english}`),
    );
    expect(broken).toEqual([]);
  });
});
