import { describe, expect, it } from 'vitest';
import { MODULE_MESSAGES } from '../../modules/messages.ts';
import { registerMessages } from './catalog.ts';
import { messageLocale } from './locale.ts';
import { formatMessage, translateFields, translateMessage } from './translate.ts';

// lib's messages and every module's, as the app registers them
registerMessages(...MODULE_MESSAGES);

describe('server message translation', () => {
  it('translates a catalog message exactly', () => {
    expect(translateMessage('Not found.', 'zh-CN')).toBe('未找到。');
    expect(translateMessage('Not found.', 'ja-JP')).toBe('見つかりません。');
    expect(translateMessage('Not found.', 'en-US')).toBe('Not found.');
  });

  it('translates a message built from values by its pattern, keeping the values', () => {
    expect(translateMessage('Daily AI quota of 20 requests reached.', 'zh-CN')).toBe(
      '已达到每日 20 次的 AI 请求额度。',
    );
    expect(translateMessage('Link 3: "a" → "b" is given twice.', 'ja-JP')).toBe(
      'リンク 3: "a" → "b" が重複しています。',
    );
  });

  it('translates a message inside a message', () => {
    expect(
      translateMessage(
        'Invalid tree document: The tree has no root node (one node must have parent_id null).',
        'zh-CN',
      ),
    ).toBe('无效的树文档：这棵树没有根节点（必须有一个节点的 parent_id 为 null）。');
    expect(translateMessage('Request was throttled. Expected available in 42 seconds.', 'ja-JP')).toBe(
      'リクエストが多すぎます。42 秒後に再試行してください。',
    );
  });

  it('prefers the most specific pattern', () => {
    expect(translateMessage('Node "a": the id is used by another node.', 'zh-CN')).toBe(
      '节点 "a"：该 id 已被其他节点使用。',
    );
    expect(translateMessage('The AI provider answered 500 (boom).', 'zh-CN')).toBe('AI 服务返回了 500（boom）。');
  });

  it('leaves an unknown message in English and never throws', () => {
    expect(translateMessage('Something nobody wrote down.', 'zh-CN')).toBe('Something nobody wrote down.');
    expect(translateMessage('toString', 'ja-JP')).toBe('toString');
    expect(translateMessage(undefined as unknown as string, 'zh-CN')).toBeUndefined();
    expect(translateFields({ tags: ['Tags must not be empty.', 'odd'] }, 'ja-JP')).toEqual({
      tags: ['タグを空にすることはできません。', 'odd'],
    });
  });

  it.each([
    [undefined, 'en-US'],
    ['', 'en-US'],
    ['fr-FR', 'en-US'],
    ['zh-CN,zh;q=0.9', 'zh-CN'],
    ['ja', 'ja-JP'],
    ['en-GB', 'en-US'],
  ])('answers Accept-Language %j in %s', (header, locale) => {
    expect(messageLocale(header)).toBe(locale);
  });
});

describe('server-written texts', () => {
  it('formats a catalog text in each locale and puts values in untranslated', () => {
    const template = '{actor} reviewed your template "{title}".';
    expect(formatMessage(template, 'en-US', { actor: 'ann', title: 'Not found.' })).toBe(
      'ann reviewed your template "Not found.".',
    );
    expect(formatMessage(template, 'zh-CN', { actor: 'ann', title: 'Not found.' })).toBe(
      'ann 评价了你的模板「Not found.」。',
    );
    expect(formatMessage(template, 'ja-JP', { actor: 'ann', title: '{title} $& x' })).toBe(
      'ann さんがあなたのテンプレート「{title} $& x」をレビューしました。',
    );
  });

  it('answers a text the catalog does not know in English', () => {
    expect(formatMessage('Hello {name}', 'zh-CN', { name: 'Bo' })).toBe('Hello Bo');
  });
});
