import type { MessageCatalog } from '../../lib/messages/index.ts';

/** The reviews module's messages (written reviews of templates) in zh-CN and ja-JP, keyed by the English text; registered into `lib/messages/catalog.ts` when the app is built. */
export const REVIEWS_MESSAGES: MessageCatalog = {
  // community reviews
  'A review is 1 to 5,000 characters.': {
    'zh-CN': '评价须为 1 到 5,000 个字符。',
    'ja-JP': 'レビューは 1〜5,000 文字にしてください。',
  },
  'Rating must be a whole number from 1 to 5.': {
    'zh-CN': '评分必须是 1 到 5 的整数。',
    'ja-JP': '評価は 1〜5 の整数にしてください。',
  },
  'Say whether the review is helpful.': {
    'zh-CN': '请说明该评价是否有帮助。',
    'ja-JP': 'このレビューが役に立ったかどうかを指定してください。',
  },
  'A reply is at most 5,000 characters.': {
    'zh-CN': '回复最多 5,000 个字符。',
    'ja-JP': '返信は 5,000 文字以内にしてください。',
  },
  'Write the reply, or send an empty one to remove it.': {
    'zh-CN': '请填写回复；发送空回复即可删除回复。',
    'ja-JP': '返信を入力してください。空の返信を送ると返信を削除します。',
  },
  'You cannot review your own template.': {
    'zh-CN': '不能评价自己的模板。',
    'ja-JP': '自分のテンプレートはレビューできません。',
  },
  'You cannot rate your own template.': {
    'zh-CN': '不能给自己的模板打分。',
    'ja-JP': '自分のテンプレートは評価できません。',
  },
  'Only the author of this review may change it.': {
    'zh-CN': '只有该评价的作者可以修改它。',
    'ja-JP': 'このレビューを変更できるのは投稿者だけです。',
  },
  'Only the author of this review or an admin may delete it.': {
    'zh-CN': '只有该评价的作者或管理员可以删除它。',
    'ja-JP': 'このレビューを削除できるのは投稿者か管理者だけです。',
  },
  'You cannot mark your own review as helpful.': {
    'zh-CN': '不能将自己的评价标记为有帮助。',
    'ja-JP': '自分のレビューを「役に立った」にすることはできません。',
  },
  "Only the template's author may reply to its reviews.": {
    'zh-CN': '只有模板作者可以回复其评价。',
    'ja-JP': 'レビューに返信できるのはテンプレートの作成者だけです。',
  },
  'No such review.': { 'zh-CN': '没有该评价。', 'ja-JP': 'そのレビューは存在しません。' },
  'Too many reviews: at most 10 an hour.': {
    'zh-CN': '评价过于频繁：每小时最多 10 条。',
    'ja-JP': 'レビューが多すぎます。1 時間に 10 件までです。',
  },
};
