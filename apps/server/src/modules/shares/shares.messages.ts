import type { MessageCatalog } from '../../lib/messages/index.ts';

/** The shares module's messages (templates, their history, embeds and forks' upstream) in zh-CN and ja-JP, keyed by the English text; registered into `lib/messages/catalog.ts` when the app is built. */
export const SHARES_MESSAGES: MessageCatalog = {
  // community
  'Only the author of this template may change it.': {
    'zh-CN': '只有此模板的作者可以修改它。',
    'ja-JP': 'このテンプレートを変更できるのは作成者だけです。',
  },
  'No such template.': { 'zh-CN': '没有该模板。', 'ja-JP': 'そのテンプレートは存在しません。' },
  'The template is being revised: try again.': {
    'zh-CN': '该模板正在更新，请重试。',
    'ja-JP': 'テンプレートを更新中です。もう一度お試しください。',
  },
  'No embeddable template at this URL.': {
    'zh-CN': '该网址没有可嵌入的模板。',
    'ja-JP': 'この URL には埋め込めるテンプレートがありません。',
  },
  'The cover must be a PNG, JPEG or WebP data URL.': {
    'zh-CN': '封面必须是 PNG、JPEG 或 WebP 格式的 data URL。',
    'ja-JP': 'カバーは PNG、JPEG、WebP の data URL にしてください。',
  },
  'Tags must not be empty.': { 'zh-CN': '标签不能为空。', 'ja-JP': 'タグを空にすることはできません。' },
  'Tags are at most 30 characters.': { 'zh-CN': '标签最多 30 个字符。', 'ja-JP': 'タグは 30 文字以内にしてください。' },
  'At most 10 tags.': { 'zh-CN': '最多 10 个标签。', 'ja-JP': 'タグは 10 個までです。' },
  'Give at least one tag.': { 'zh-CN': '请至少添加一个标签。', 'ja-JP': 'タグを 1 つ以上指定してください。' },
  'Score must be a whole number from 1 to 5.': {
    'zh-CN': '评分必须是 1 到 5 的整数。',
    'ja-JP': '評価は 1〜5 の整数にしてください。',
  },
  // upstream.service.ts, suggestions.service.ts: the name of the version a sync or an accepted suggestion records
  'Synced with template revision {revision}': {
    'zh-CN': '已与模板第 {revision} 版同步',
    'ja-JP': 'テンプレートのリビジョン {revision} と同期',
  },
  'Suggestion #{id}: {title}': { 'zh-CN': '建议 #{id}：{title}', 'ja-JP': '提案 #{id}：{title}' },
  // community upstream.*: forks syncing with their template
  'This tree was not made from a community template.': {
    'zh-CN': '这棵树不是由社区模板创建的。',
    'ja-JP': 'このツリーはコミュニティのテンプレートから作成されたものではありません。',
  },
  'The template this tree was made from is no longer available.': {
    'zh-CN': '这棵树所基于的模板已不可用。',
    'ja-JP': 'このツリーの元になったテンプレートは利用できなくなりました。',
  },
  'The tree was synced with its template meanwhile; try again.': {
    'zh-CN': '这棵树刚刚已与模板同步，请重试。',
    'ja-JP': 'このツリーはその間にテンプレートと同期されました。もう一度お試しください。',
  },
  'Some nodes were changed both here and in the template: choose a side for each.': {
    'zh-CN': '部分节点在此处和模板中都被修改了：请为每个节点选择保留哪一方。',
    'ja-JP': '一部のノードがこちらとテンプレートの両方で変更されています。ノードごとにどちらを残すか選んでください。',
  },
};
