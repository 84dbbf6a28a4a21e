import type { MessageCatalog } from '../../lib/messages/index.ts';

/** The moderation module's messages (reports and their resolution) in zh-CN and ja-JP, keyed by the English text; registered into `lib/messages/catalog.ts` when the app is built. */
export const MODERATION_MESSAGES: MessageCatalog = {
  // community moderation: reports, their resolution, hidden reviews
  'You cannot report your own content or yourself.': {
    'zh-CN': '不能举报自己的内容或自己。',
    'ja-JP': '自分のコンテンツや自分自身は報告できません。',
  },
  'There is nothing to report by that id.': {
    'zh-CN': '该 id 没有可举报的对象。',
    'ja-JP': 'その id の報告対象はありません。',
  },
  'Too many reports: at most 20 a day.': {
    'zh-CN': '举报过多：每天最多 20 次。',
    'ja-JP': '報告が多すぎます: 1 日 20 件までです。',
  },
  'You already reported this, and your report is still open.': {
    'zh-CN': '你已经举报过此内容，且举报仍在处理中。',
    'ja-JP': 'これはすでに報告済みで、その報告はまだ処理中です。',
  },
  'A reported user can only be suspended or the report dismissed.': {
    'zh-CN': '被举报的用户只能被停用，或驳回该举报。',
    'ja-JP': '報告されたユーザーには停止か、報告の却下しかできません。',
  },
  'Only a reported user can be suspended.': {
    'zh-CN': '只有被举报的用户可以被停用。',
    'ja-JP': '停止できるのは報告されたユーザーだけです。',
  },
  'The reported item is gone.': { 'zh-CN': '被举报的内容已不存在。', 'ja-JP': '報告された項目はもうありません。' },
  'No such report.': { 'zh-CN': '没有这条举报。', 'ja-JP': 'その報告はありません。' },
  'You cannot suspend your own account.': {
    'zh-CN': '不能停用自己的账户。',
    'ja-JP': '自分のアカウントは停止できません。',
  },
  'A moderator hid your review of this template.': {
    'zh-CN': '你对该模板的评价已被管理员隐藏。',
    'ja-JP': 'このテンプレートへのあなたのレビューはモデレーターにより非表示にされています。',
  },
};
