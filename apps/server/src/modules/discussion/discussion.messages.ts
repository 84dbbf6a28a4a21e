import type { MessageCatalog } from '../../lib/messages/index.ts';

/** The discussion module's messages (comments on templates and their nodes) in zh-CN and ja-JP, keyed by the English text; registered into `lib/messages/catalog.ts` when the app is built. */
export const DISCUSSION_MESSAGES: MessageCatalog = {
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
};
