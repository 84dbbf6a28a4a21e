import type { MessageCatalog } from '../../lib/messages/index.ts';
/** The notifications module's messages in zh-CN and ja-JP, keyed by the English text; registered into `lib/messages/catalog.ts` when the app is built. */
export const NOTIFICATIONS_MESSAGES: MessageCatalog = {
  // modules/notifications: the text of a notification, in the recipient's locale
  Someone: { 'zh-CN': '有人', 'ja-JP': '誰か' },
  '{actor} reviewed your template "{title}".': {
    'zh-CN': '{actor} 评价了你的模板「{title}」。',
    'ja-JP': '{actor} さんがあなたのテンプレート「{title}」をレビューしました。',
  },
  '{actor} commented on your template "{title}".': {
    'zh-CN': '{actor} 评论了你的模板「{title}」。',
    'ja-JP': '{actor} さんがあなたのテンプレート「{title}」にコメントしました。',
  },
  'A moderator reviewed your report and took no action.': {
    'zh-CN': '管理员已处理你的举报，未采取任何措施。',
    'ja-JP': 'モデレーターがあなたの報告を確認しましたが、対応は行われませんでした。',
  },
  'Thanks for your report: a moderator hid the content.': {
    'zh-CN': '感谢你的举报：管理员已隐藏该内容。',
    'ja-JP': '報告ありがとうございます。モデレーターがそのコンテンツを非表示にしました。',
  },
  'Thanks for your report: a moderator removed the content.': {
    'zh-CN': '感谢你的举报：管理员已删除该内容。',
    'ja-JP': '報告ありがとうございます。モデレーターがそのコンテンツを削除しました。',
  },
  '{actor} reported "{title}": it waits for moderation.': {
    'zh-CN': '{actor} 举报了「{title}」，等待管理员处理。',
    'ja-JP': '{actor} さんが「{title}」を報告しました。モデレーションを待っています。',
  },
  'Thanks for your report: a moderator suspended the account.': {
    'zh-CN': '感谢你的举报：管理员已停用该账号。',
    'ja-JP': '報告ありがとうございます。モデレーターがそのアカウントを停止しました。',
  },
  '{actor} started following you.': {
    'zh-CN': '{actor} 关注了你。',
    'ja-JP': '{actor} さんがあなたをフォローしました。',
  },
  '{actor} replied to your review of "{title}".': {
    'zh-CN': '{actor} 回复了你对「{title}」的评价。',
    'ja-JP': '{actor} さんが「{title}」へのあなたのレビューに返信しました。',
  },
  '{actor} replied to your comment on "{title}".': {
    'zh-CN': '{actor} 回复了你在「{title}」下的评论。',
    'ja-JP': '{actor} さんが「{title}」へのあなたのコメントに返信しました。',
  },
  'At most 1,000 ids at once.': {
    'zh-CN': '一次最多 1,000 个 id。',
    'ja-JP': '一度に指定できる id は 1,000 個までです。',
  },
  'A revision message is at most 500 characters.': {
    'zh-CN': '修订说明最多 500 个字符。',
    'ja-JP': 'リビジョンのメッセージは 500 文字までです。',
  },
  'A revision is a positive whole number.': {
    'zh-CN': '修订号必须是正整数。',
    'ja-JP': 'リビジョン番号は正の整数です。',
  },
  'No such revision.': { 'zh-CN': '没有该修订版本。', 'ja-JP': 'そのリビジョンは存在しません。' },
  '{actor} joined your group "{title}".': {
    'zh-CN': '{actor} 加入了你的小组「{title}」。',
    'ja-JP': '{actor} さんがあなたのグループ「{title}」に参加しました。',
  },
  '{actor} assigned you "{title}".': {
    'zh-CN': '{actor} 给你布置了「{title}」。',
    'ja-JP': '{actor} さんがあなたに「{title}」を課題として割り当てました。',
  },
  '{actor} reminds you to keep learning "{title}".': {
    'zh-CN': '{actor} 提醒你继续学习「{title}」。',
    'ja-JP': '{actor} さんが「{title}」の学習を続けるようリマインドしています。',
  },
  '"{title}" is due tomorrow.': { 'zh-CN': '「{title}」明天到期。', 'ja-JP': '「{title}」の期限は明日です。' },
  '"{title}" is past its due date.': { 'zh-CN': '「{title}」已过期。', 'ja-JP': '「{title}」は期限を過ぎています。' },
  'Open it in Arbor:': { 'zh-CN': '在 Arbor 中打开：', 'ja-JP': 'Arbor で開く：' },
};
