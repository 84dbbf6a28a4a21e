import type { MessageCatalog } from '../../lib/messages/index.ts';
/** The learning module's messages in zh-CN and ja-JP, keyed by the English text; registered into `lib/messages/catalog.ts` when the app is built. */
export const LEARNING_MESSAGES: MessageCatalog = {
  // learning
  'This node is not in the tree.': { 'zh-CN': '该节点不在这棵树中。', 'ja-JP': 'このノードはツリーにありません。' },
  'This note was changed after the version you edited; nothing was saved.': {
    'zh-CN': '这条笔记在你编辑的版本之后已被修改；未保存任何内容。',
    'ja-JP': 'このノートは編集元の版より後に変更されています。何も保存されていません。',
  },
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
  // card kinds and card images
  'Mark at least one cloze, like {{c1::answer}}.': {
    'zh-CN': '请至少标记一处填空，例如 {{c1::答案}}。',
    'ja-JP': '穴埋めを少なくとも一つ付けてください（例：{{c1::答え}}）。',
  },
  "Keep this card's cloze number {n} in the text.": {
    'zh-CN': '文本中须保留本卡片的填空编号 {n}。',
    'ja-JP': 'このカードの穴埋め番号 {n} を文中に残してください。',
  },
  'No such card image.': { 'zh-CN': '没有这张卡片图片。', 'ja-JP': 'そのカード画像はありません。' },
  'Masks are fractions from 0 to 1.': {
    'zh-CN': '遮罩的位置和大小是 0 到 1 之间的比例。',
    'ja-JP': 'マスクの位置と大きさは 0 から 1 の割合で指定します。',
  },
  'A mask must lie inside the image and have a size.': {
    'zh-CN': '遮罩必须位于图片之内并且有大小。',
    'ja-JP': 'マスクは画像の内側にあり、大きさを持つ必要があります。',
  },
  'Draw at least one mask.': { 'zh-CN': '请至少画一个遮罩。', 'ja-JP': 'マスクを少なくとも一つ描いてください。' },
  'At most 100 masks.': { 'zh-CN': '最多 100 个遮罩。', 'ja-JP': 'マスクは 100 個までです。' },
  'The text cannot be empty.': { 'zh-CN': '文本不能为空。', 'ja-JP': 'テキストを空にはできません。' },
  'The text is at most 2,000 characters.': {
    'zh-CN': '文本最多 2,000 个字符。',
    'ja-JP': 'テキストは 2,000 文字までです。',
  },
  'The back cannot be empty.': { 'zh-CN': '卡片背面不能为空。', 'ja-JP': 'カードの裏面を空にはできません。' },
  'The back of a reversed card is at most 2,000 characters.': {
    'zh-CN': '双向卡片的背面最多 2,000 个字符。',
    'ja-JP': '表裏両方向カードの裏面は 2,000 文字までです。',
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
  'base_updated_at must be an ISO 8601 date-time.': {
    'zh-CN': 'base_updated_at 必须是 ISO 8601 日期时间。',
    'ja-JP': 'base_updated_at は ISO 8601 形式の日時にしてください。',
  },
  'reviewed_at must be an ISO 8601 date-time.': {
    'zh-CN': 'reviewed_at 必须是 ISO 8601 日期时间。',
    'ja-JP': 'reviewed_at は ISO 8601 形式の日時にしてください。',
  },
  'limit must be a whole number from 1 to 200': {
    'zh-CN': 'limit 必须是 1 到 200 的整数',
    'ja-JP': 'limit は 1〜200 の整数にしてください',
  },
  'mode is one of due, ahead or at_risk.': {
    'zh-CN': 'mode 必须是 due、ahead 或 at_risk 之一。',
    'ja-JP': 'mode は due、ahead、at_risk のいずれかにしてください。',
  },
  'days is a whole number from 1 to 30.': {
    'zh-CN': 'days 必须是 1 到 30 的整数。',
    'ja-JP': 'days は 1〜30 の整数にしてください。',
  },
  'days goes with mode=ahead only.': {
    'zh-CN': 'days 只能与 mode=ahead 一起使用。',
    'ja-JP': 'days は mode=ahead と一緒にのみ指定できます。',
  },
  'within_days must be a whole number from 1 to 7': {
    'zh-CN': 'within_days 必须是 1 到 7 的整数',
    'ja-JP': 'within_days は 1〜7 の整数にしてください',
  },
  'within_days goes with mode=due only.': {
    'zh-CN': 'within_days 只能与 mode=due 一起使用。',
    'ja-JP': 'within_days は mode=due と一緒にのみ指定できます。',
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
  'Use true or false.': { 'zh-CN': '请使用 true 或 false。', 'ja-JP': 'true か false を指定してください。' },
  'The search is at most 200 characters.': {
    'zh-CN': '搜索内容最多 200 个字符。',
    'ja-JP': '検索語は 200 文字までです。',
  },
  'due_within is a whole number of days from 0 to 3650.': {
    'zh-CN': 'due_within 是 0 到 3650 之间的整数天数。',
    'ja-JP': 'due_within は 0〜3650 の整数（日数）です。',
  },
  'lapses_min is a whole number from 0 to 1000.': {
    'zh-CN': 'lapses_min 是 0 到 1000 之间的整数。',
    'ja-JP': 'lapses_min は 0〜1000 の整数です。',
  },
  'Give at least one card.': { 'zh-CN': '请至少指定一张卡片。', 'ja-JP': 'カードを 1 枚以上指定してください。' },
  'At most 500 cards at once.': { 'zh-CN': '一次最多 500 张卡片。', 'ja-JP': '一度に 500 枚までです。' },
  'Each card only once.': { 'zh-CN': '每张卡片只能出现一次。', 'ja-JP': '同じカードは 1 回だけ指定してください。' },
  'Moving cards needs the node to move them to.': {
    'zh-CN': '移动卡片需要指定目标节点。',
    'ja-JP': 'カードを移動するには移動先のノードを指定してください。',
  },
  'Name at most one of tree or share.': {
    'zh-CN': '树和分享最多只能指定一个。',
    'ja-JP': 'ツリーと共有は多くとも 1 つだけ指定してください。',
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
  // personal FSRS parameters
  'Optimising needs at least {needed} reviews; you have {count}.': {
    'zh-CN': '优化至少需要 {needed} 次复习；你目前有 {count} 次。',
    'ja-JP': '最適化には少なくとも {needed} 回の復習が必要です。現在 {count} 回です。',
  },
  'Assign one of your own trees or a template.': {
    'zh-CN': '请布置你自己的树或一个模板。',
    'ja-JP': '自分のツリーかテンプレートを課題にしてください。',
  },
  'A private tree cannot be assigned: members could not open it.': {
    'zh-CN': '私有的树不能布置为作业：成员无法打开它。',
    'ja-JP': '非公開のツリーは課題にできません。メンバーが開けないためです。',
  },
};
