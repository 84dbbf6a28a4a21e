import type { MessageCatalog } from '../../lib/messages/index.ts';
/** The learning module's messages in zh-CN and ja-JP, keyed by the English text; registered into `lib/messages/catalog.ts` when the app is built. */
export const LEARNING_MESSAGES: MessageCatalog = {
  // learning
  'This node is not in the tree.': { 'zh-CN': '该节点不在这棵树中。', 'ja-JP': 'このノードはツリーにありません。' },
  'Prerequisites can only be marked done together with the node.': {
    'zh-CN': '前置节点只能与该节点一起标记为已完成。',
    'ja-JP': '前提ノードは、このノードと一緒にのみ完了にできます。',
  },
  // quizzes, AI cards, plans and the calendar feed
  'The AI model did not answer in the expected format.': {
    'zh-CN': 'AI 模型的回答不符合预期格式。',
    'ja-JP': 'AI モデルの回答が想定した形式ではありませんでした。',
  },
  'The AI model did not answer with usable cards (expected JSON {"cards": [{"front", "back"}]}).': {
    'zh-CN': 'AI 模型没有给出可用的卡片（应为 JSON {"cards": [{"front", "back"}]}）。',
    'ja-JP': 'AI モデルが使えるカードを返しませんでした（JSON {"cards": [{"front", "back"}]} が必要です）。',
  },
  'The AI model did not answer with usable questions (expected JSON {"questions": [...]} with 4 choices each).': {
    'zh-CN': 'AI 模型没有给出可用的题目（应为 JSON {"questions": [...]}，每题 4 个选项）。',
    'ja-JP': 'AI モデルが使える問題を返しませんでした（各 4 択の JSON {"questions": [...]} が必要です）。',
  },
  'This quiz was already submitted.': { 'zh-CN': '该测验已经提交过了。', 'ja-JP': 'このクイズは提出済みです。' },
  'This quiz has expired: quizzes can be submitted within 24 hours.': {
    'zh-CN': '该测验已过期：测验须在 24 小时内提交。',
    'ja-JP': 'このクイズは期限切れです。クイズは 24 時間以内に提出してください。',
  },
  'Give one answer for each of the {count} questions.': {
    'zh-CN': '请为全部 {count} 道题各给出一个答案。',
    'ja-JP': '{count} 問すべてに 1 つずつ答えてください。',
  },
  'The node of this quiz is no longer in the tree.': {
    'zh-CN': '该测验对应的节点已不在这棵树中。',
    'ja-JP': 'このクイズのノードはもうツリーにありません。',
  },
  // recall and plans
  'Unknown time zone; use an IANA name such as Asia/Shanghai.': {
    'zh-CN': '未知的时区；请使用 IANA 名称，例如 Asia/Shanghai。',
    'ja-JP': '不明なタイムゾーンです。Asia/Tokyo のような IANA 名を使ってください。',
  },
  'request_retention is from 0.70 to 0.99.': {
    'zh-CN': 'request_retention 的取值范围是 0.70 到 0.99。',
    'ja-JP': 'request_retention は 0.70〜0.99 の範囲です。',
  },
  'A step is a duration like 1m, 10m, 1h or 1d.': {
    'zh-CN': '步长须是 1m、10m、1h 或 1d 这样的时长。',
    'ja-JP': 'ステップは 1m、10m、1h、1d のような時間で指定してください。',
  },
  'At most 10 steps.': { 'zh-CN': '最多 10 个步长。', 'ja-JP': 'ステップは 10 個までです。' },
  'maximum_interval is a whole number of days from 1 to 36,500.': {
    'zh-CN': 'maximum_interval 是 1 到 36,500 之间的整数天数。',
    'ja-JP': 'maximum_interval は 1〜36,500 の整数（日数）です。',
  },
  'retention is from 0.70 to 0.99.': {
    'zh-CN': 'retention 的取值范围是 0.70 到 0.99。',
    'ja-JP': 'retention は 0.70〜0.99 の範囲です。',
  },
  'days is a whole number from 1 to 365.': {
    'zh-CN': 'days 是 1 到 365 之间的整数。',
    'ja-JP': 'days は 1〜365 の整数です。',
  },
  'at is a day from today to 365 days ahead.': {
    'zh-CN': 'at 须是从今天起 365 天以内的日期。',
    'ja-JP': 'at は今日から 365 日先までの日付です。',
  },
  'Choose at least one study day.': { 'zh-CN': '请至少选择一个学习日。', 'ja-JP': '学習日を 1 日以上選んでください。' },
  'Use a date like 2026-01-31.': {
    'zh-CN': '请使用 2026-01-31 这样的日期格式。',
    'ja-JP': '2026-01-31 のような日付を使ってください。',
  },
  'The front cannot be empty.': { 'zh-CN': '卡片正面不能为空。', 'ja-JP': 'カードの表面を空にはできません。' },
  'The front is at most 2,000 characters.': {
    'zh-CN': '卡片正面最多 2,000 个字符。',
    'ja-JP': 'カードの表面は 2,000 文字までです。',
  },
  'The back is at most 10,000 characters.': {
    'zh-CN': '卡片背面最多 10,000 个字符。',
    'ja-JP': 'カードの裏面は 10,000 文字までです。',
  },
  'review_id must be a client-made uuid.': {
    'zh-CN': 'review_id 必须是客户端生成的 UUID。',
    'ja-JP': 'review_id はクライアントが作成した UUID にしてください。',
  },
  'reviewed_at must be an ISO 8601 date-time.': {
    'zh-CN': 'reviewed_at 必须是 ISO 8601 日期时间。',
    'ja-JP': 'reviewed_at は ISO 8601 形式の日時にしてください。',
  },
  'limit must be a whole number from 1 to 200': {
    'zh-CN': 'limit 必须是 1 到 200 的整数',
    'ja-JP': 'limit は 1〜200 の整数にしてください',
  },
  'This review_id was already used for another card.': {
    'zh-CN': '此 review_id 已用于另一张卡片。',
    'ja-JP': 'この review_id は別のカードですでに使われています。',
  },
  'reviewed_at may not be more than 60 seconds ahead of the server.': {
    'zh-CN': 'reviewed_at 不能比服务器时间超前 60 秒以上。',
    'ja-JP': 'reviewed_at はサーバーの時刻より 60 秒を超えて先にはできません。',
  },
  "reviewed_at may not be before the card's last review.": {
    'zh-CN': 'reviewed_at 不能早于这张卡片的上次复习时间。',
    'ja-JP': 'reviewed_at はこのカードの前回の復習より前にはできません。',
  },
  'This card has no review to undo.': {
    'zh-CN': '这张卡片没有可撤销的复习。',
    'ja-JP': 'このカードには取り消せる復習がありません。',
  },
  'Name exactly one of tree or share.': {
    'zh-CN': '请指定树或分享中的一个（且仅一个）。',
    'ja-JP': 'ツリーか共有のどちらか 1 つだけを指定してください。',
  },
  'At most 500 items.': { 'zh-CN': '最多 500 项。', 'ja-JP': '500 件までです。' },
  'Give at least one item.': { 'zh-CN': '请至少提供一项。', 'ja-JP': '1 件以上指定してください。' },
  'days must be a whole number from 1 to 366': {
    'zh-CN': 'days 必须是 1 到 366 的整数',
    'ja-JP': 'days は 1〜366 の整数にしてください',
  },
  'Notes are at most 20,000 characters.': {
    'zh-CN': '笔记最多 20,000 个字符。',
    'ja-JP': 'ノートは 20,000 文字以内にしてください。',
  },
  'Search for at least 2 characters.': {
    'zh-CN': '请至少输入 2 个字符进行搜索。',
    'ja-JP': '2 文字以上で検索してください。',
  },
  // modules/learning: the calendar feed's text, in the learner's language
  '{title} ({minutes} min): {link}': {
    'zh-CN': '{title}（{minutes} 分钟）：{link}',
    'ja-JP': '{title}（{minutes} 分）：{link}',
  },
  'Arbor: {count} card to review': {
    'zh-CN': 'Arbor：{count} 张卡片待复习',
    'ja-JP': 'Arbor：復習するカード {count} 枚',
  },
  'Arbor: {count} cards to review': {
    'zh-CN': 'Arbor：{count} 张卡片待复习',
    'ja-JP': 'Arbor：復習するカード {count} 枚',
  },
};
