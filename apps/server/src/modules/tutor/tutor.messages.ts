import type { MessageCatalog } from '../../lib/messages/index.ts';

/** The tutor's messages (its contract's included) in zh-CN and ja-JP, keyed by the English text. */
export const TUTOR_MESSAGES: MessageCatalog = {
  'Write a message.': { 'zh-CN': '请输入消息。', 'ja-JP': 'メッセージを入力してください。' },
  'At most 4,000 characters.': { 'zh-CN': '最多 4,000 个字符。', 'ja-JP': '4,000 文字までです。' },
  'Not a conversation id.': { 'zh-CN': '不是有效的对话 ID。', 'ja-JP': '会話の ID ではありません。' },
};
