import type { MessageCatalog } from '../../lib/messages/index.ts';
/** The trees module's messages in zh-CN and ja-JP, keyed by the English text; registered into `lib/messages/catalog.ts` when the app is built. */
export const TREES_MESSAGES: MessageCatalog = {
  // trees, versions, node images
  'Invalid tree document: {problem}': {
    'zh-CN': '无效的树文档：{problem}',
    'ja-JP': 'ツリー文書が無効です: {problem}',
  },
  '{field} must be an id.': { 'zh-CN': '{field} 必须是一个 id。', 'ja-JP': '{field} は ID にしてください。' },
  'This field is required.': { 'zh-CN': '此字段为必填项。', 'ja-JP': 'この項目は必須です。' },
  'A valid id is required.': { 'zh-CN': '需要一个有效的 id。', 'ja-JP': '有効な ID が必要です。' },
  'node_id is required.': { 'zh-CN': '必须提供 node_id。', 'ja-JP': 'node_id は必須です。' },
  'Invalid node id.': { 'zh-CN': '无效的节点 id。', 'ja-JP': 'ノード ID が無効です。' },
  'Node ids are 1–64 letters, digits, "_" or "-".': {
    'zh-CN': '节点 id 为 1–64 个字母、数字、"_" 或 "-"。',
    'ja-JP': 'ノード ID は 1〜64 文字の英字、数字、"_"、"-" です。',
  },
  'The tree has changed since the revision you edited; the current revision is {revision}.': {
    'zh-CN': '自您编辑的版本之后，这棵树已被修改；当前版本为 {revision}。',
    'ja-JP': '編集したリビジョンの後にツリーが変更されました。現在のリビジョンは {revision} です。',
  },
  'Version not found.': { 'zh-CN': '未找到该版本。', 'ja-JP': 'バージョンが見つかりません。' },
  'The latest version cannot be deleted.': {
    'zh-CN': '不能删除最新版本。',
    'ja-JP': '最新バージョンは削除できません。',
  },
  'Titles are at most 200 characters.': {
    'zh-CN': '标题最多 200 个字符。',
    'ja-JP': 'タイトルは 200 文字以内にしてください。',
  },
  'A title is required.': { 'zh-CN': '标题为必填项。', 'ja-JP': 'タイトルは必須です。' },
  'Descriptions are at most 2,000 characters.': {
    'zh-CN': '描述最多 2,000 个字符。',
    'ja-JP': '説明は 2,000 文字以内にしてください。',
  },
  // versions.service.ts: the name of the version a rollback records
  'Rollback to version {number}': { 'zh-CN': '回滚到版本 {number}', 'ja-JP': 'バージョン {number} にロールバック' },
};
