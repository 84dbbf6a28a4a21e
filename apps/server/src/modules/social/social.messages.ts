import type { MessageCatalog } from '../../lib/messages/index.ts';

/** The social module's messages (authors, following, the feed and collections) in zh-CN and ja-JP, keyed by the English text; registered into `lib/messages/catalog.ts` when the app is built. */
export const SOCIAL_MESSAGES: MessageCatalog = {
  // community authors.*, collections.* (following, the feed, collections)
  'No such author.': { 'zh-CN': '没有该作者。', 'ja-JP': 'その作者は存在しません。' },
  'You cannot follow yourself.': { 'zh-CN': '不能关注自己。', 'ja-JP': '自分自身をフォローすることはできません。' },
  'Too many follows: at most 30 changes a minute and 300 a day.': {
    'zh-CN': '关注操作过于频繁：每分钟最多 30 次，每天最多 300 次。',
    'ja-JP': 'フォローの操作が多すぎます。1 分間に 30 回、1 日に 300 回までです。',
  },
  'Say whether to follow: true or false.': {
    'zh-CN': '请说明是否关注：true 或 false。',
    'ja-JP': 'フォローするかどうかを true か false で指定してください。',
  },
  'A title is 1 to 100 characters.': { 'zh-CN': '标题为 1 到 100 个字符。', 'ja-JP': 'タイトルは 1〜100 文字です。' },
  'A description is at most 1,000 characters.': {
    'zh-CN': '描述最多 1,000 个字符。',
    'ja-JP': '説明は 1,000 文字までです。',
  },
  'Visibility is "public" or "private".': {
    'zh-CN': '可见性为 "public" 或 "private"。',
    'ja-JP': '公開範囲は "public" か "private" です。',
  },
  'Give the template as a numeric id or a uuid.': {
    'zh-CN': '请以数字 ID 或 UUID 指定模板。',
    'ja-JP': 'テンプレートは数値の ID か UUID で指定してください。',
  },
  'A note is at most 1,000 characters.': { 'zh-CN': '备注最多 1,000 个字符。', 'ja-JP': 'メモは 1,000 文字までです。' },
  'A position is a whole number from 0.': { 'zh-CN': '位置是从 0 起的整数。', 'ja-JP': '位置は 0 以上の整数です。' },
  'Give a numeric id or a uuid.': {
    'zh-CN': '请给出数字 ID 或 UUID。',
    'ja-JP': '数値の ID か UUID を指定してください。',
  },
  'No such collection.': { 'zh-CN': '没有该合集。', 'ja-JP': 'そのコレクションは存在しません。' },
  'Only the owner of this collection may change it.': {
    'zh-CN': '只有此合集的所有者可以修改它。',
    'ja-JP': 'このコレクションを変更できるのは所有者だけです。',
  },
  'This template is already in the collection.': {
    'zh-CN': '该模板已在合集中。',
    'ja-JP': 'このテンプレートはすでにコレクションに入っています。',
  },
  'This template is not in the collection.': {
    'zh-CN': '该模板不在合集中。',
    'ja-JP': 'このテンプレートはコレクションに入っていません。',
  },
};
