import type { MessageCatalog } from '../../lib/messages/index.ts';

/** The suggestions module's messages (suggested edits of templates) in zh-CN and ja-JP, keyed by the English text; registered into `lib/messages/catalog.ts` when the app is built. */
export const SUGGESTIONS_MESSAGES: MessageCatalog = {
  // modules/suggestions: suggested edits of templates
  'A suggestion title is 1 to 200 characters.': {
    'zh-CN': '建议标题为 1 到 200 个字符。',
    'ja-JP': '提案のタイトルは 1〜200 文字です。',
  },
  'A suggestion message is at most 5,000 characters.': {
    'zh-CN': '建议说明最多 5,000 个字符。',
    'ja-JP': '提案のメッセージは 5,000 文字までです。',
  },
  'Send the proposed document as data, or the id of one of your trees as tree.': {
    'zh-CN': '请在 data 中提供建议的文档，或在 tree 中提供你自己的一棵树的 id。',
    'ja-JP': '提案するドキュメントを data に、または自分のツリーの id を tree に指定してください。',
  },
  'A reason is 1 to 1,000 characters.': {
    'zh-CN': '理由为 1 到 1,000 个字符。',
    'ja-JP': '理由は 1〜1,000 文字です。',
  },
  'You cannot suggest edits to your own template.': {
    'zh-CN': '不能对自己的模板提出修改建议。',
    'ja-JP': '自分のテンプレートに編集を提案することはできません。',
  },
  "Only the template's author may accept or reject its suggestions.": {
    'zh-CN': '只有模板作者可以采纳或拒绝它的修改建议。',
    'ja-JP': 'テンプレートの作成者だけが提案を承認または却下できます。',
  },
  'Only the author of this suggestion may withdraw it.': {
    'zh-CN': '只有该建议的作者可以撤回它。',
    'ja-JP': 'この提案を取り下げられるのは提案者だけです。',
  },
  "The template's source tree was deleted: the suggestion cannot be merged into it.": {
    'zh-CN': '模板的源技能树已被删除：无法合并该建议。',
    'ja-JP': 'テンプレートの元のツリーが削除されたため、提案をマージできません。',
  },
  'This suggestion was already accepted, rejected or withdrawn.': {
    'zh-CN': '该建议已被采纳、拒绝或撤回。',
    'ja-JP': 'この提案はすでに承認、却下、または取り下げられています。',
  },
  'No such suggestion.': { 'zh-CN': '没有该修改建议。', 'ja-JP': 'その提案は存在しません。' },
  'The suggestion changes nothing in the template.': {
    'zh-CN': '该建议没有对模板做任何修改。',
    'ja-JP': 'この提案はテンプレートを何も変更していません。',
  },
  'Too many suggestions: at most 10 a day.': {
    'zh-CN': '修改建议过于频繁：每天最多 10 条。',
    'ja-JP': '提案が多すぎます。1 日に 10 件までです。',
  },
  'The suggestion conflicts with changes made since: pick a side for each conflicting node.': {
    'zh-CN': '该建议与之后的修改有冲突：请为每个冲突的节点选择保留哪一方。',
    'ja-JP': '提案がその後の変更と競合しています。競合する各ノードでどちらを採用するか選んでください。',
  },
  '{actor} suggested changes to your template "{title}".': {
    'zh-CN': '{actor} 对你的模板「{title}」提出了修改建议。',
    'ja-JP': '{actor} さんがあなたのテンプレート「{title}」に編集を提案しました。',
  },
  '{actor} accepted your suggestion for "{title}".': {
    'zh-CN': '{actor} 采纳了你对「{title}」的修改建议。',
    'ja-JP': '{actor} さんが「{title}」へのあなたの提案を承認しました。',
  },
  '{actor} declined your suggestion for "{title}".': {
    'zh-CN': '{actor} 拒绝了你对「{title}」的修改建议。',
    'ja-JP': '{actor} さんが「{title}」へのあなたの提案を却下しました。',
  },
  '{actor} updated the template of your tree "{title}".': {
    'zh-CN': '{actor} 更新了你的树「{title}」所基于的模板。',
    'ja-JP': '{actor} さんがあなたのツリー「{title}」の元になったテンプレートを更新しました。',
  },
  '{actor} updated the template "{title}" you are learning.': {
    'zh-CN': '{actor} 更新了你正在学习的模板「{title}」。',
    'ja-JP': '{actor} さんがあなたの学習中のテンプレート「{title}」を更新しました。',
  },
};
