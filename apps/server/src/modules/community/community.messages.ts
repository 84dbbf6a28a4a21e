import type { MessageCatalog } from '../../lib/messages/index.ts';

// Split by the community cut: each of the six modules takes its sections into its own `<module>.messages.ts`.
/** The community module's messages in zh-CN and ja-JP, keyed by the English text; registered into `lib/messages/catalog.ts` when the app is built. */
export const COMMUNITY_MESSAGES: MessageCatalog = {
  // community
  'Only the author of this template may change it.': {
    'zh-CN': '只有此模板的作者可以修改它。',
    'ja-JP': 'このテンプレートを変更できるのは作成者だけです。',
  },
  'No such template.': { 'zh-CN': '没有该模板。', 'ja-JP': 'そのテンプレートは存在しません。' },
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
  // community: comments
  'A comment is at most 5,000 characters.': {
    'zh-CN': '评论最多 5,000 个字符。',
    'ja-JP': 'コメントは 5,000 文字以内にしてください。',
  },
  'Write something in the comment.': { 'zh-CN': '请填写评论内容。', 'ja-JP': 'コメントの内容を入力してください。' },
  'No such comment.': { 'zh-CN': '没有该评论。', 'ja-JP': 'そのコメントは存在しません。' },
  'This template has no such node.': {
    'zh-CN': '此模板中没有该节点。',
    'ja-JP': 'このテンプレートにそのノードはありません。',
  },
  'The parent must be a comment on this template.': {
    'zh-CN': '回复的对象必须是此模板下的评论。',
    'ja-JP': '返信先はこのテンプレートのコメントにしてください。',
  },
  'A reply is about the node of its thread.': {
    'zh-CN': '回复只能针对其所在讨论串的节点。',
    'ja-JP': '返信はスレッドと同じノードについてのものです。',
  },
  'Only the author of this comment may edit it.': {
    'zh-CN': '只有此评论的作者可以编辑它。',
    'ja-JP': 'このコメントを編集できるのは投稿者だけです。',
  },
  'Only the author of this comment, of its template or an admin may delete it.': {
    'zh-CN': '只有此评论的作者、模板的作者或管理员可以删除它。',
    'ja-JP': 'このコメントを削除できるのは、投稿者、テンプレートの作成者、または管理者だけです。',
  },
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
  // upstream.service.ts, suggestions.service.ts: the name of the version a sync or an accepted suggestion records
  'Synced with template revision {revision}': {
    'zh-CN': '已与模板第 {revision} 版同步',
    'ja-JP': 'テンプレートのリビジョン {revision} と同期',
  },
  'Suggestion #{id}: {title}': { 'zh-CN': '建议 #{id}：{title}', 'ja-JP': '提案 #{id}：{title}' },
  // modules/community: suggested edits of templates
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
