/**
 * Translations of the API's English messages, keyed by the English text exactly as the code writes
 * it. A message built from values is keyed by its template: `{name}` stands for a value (matched as a
 * pattern, and translated itself when it is a message, e.g. the reason after "Invalid tree document:").
 * lib keeps its own messages (and the contract's and tree-core's) here; each module owns its messages in
 * `<module>.messages.ts`, exported by its index.ts and registered when the app is built
 * (`modules/messages.ts`), so lib never imports a module. `catalog-coverage.test.ts` fails when a message
 * in the sources has no entry, or when an entry's placeholders differ between languages.
 */
export interface Translations {
  'zh-CN': string;
  'ja-JP': string;
}

export type MessageCatalog = Record<string, Translations>;

/** lib's messages, the contract's and tree-core's: present before any module registers its own. */
const LIB_MESSAGES: MessageCatalog = {
  // plugins/early-errors.ts: refusals before a route runs
  'The request did not arrive in time.': {
    'zh-CN': '请求未能及时到达。',
    'ja-JP': 'リクエストが時間内に届きませんでした。',
  },
  'The request line and headers are too large (16 KB at most).': {
    'zh-CN': '请求行和请求头过大（最多 16 KB）。',
    'ja-JP': 'リクエスト行とヘッダーが大きすぎます（最大 16 KB）。',
  },
  'Malformed request: {what}.': { 'zh-CN': '请求格式错误：{what}。', 'ja-JP': '不正なリクエストです: {what}。' },
  'Malformed request: the path is not valid percent-encoding.': {
    'zh-CN': '请求格式错误：路径不是有效的百分号编码。',
    'ja-JP': '不正なリクエストです: パスのパーセントエンコーディングが正しくありません。',
  },
  'A segment of the path is too long.': { 'zh-CN': '路径中的某一段过长。', 'ja-JP': 'パスの一部が長すぎます。' },
  'The server is restarting, try again.': {
    'zh-CN': '服务器正在重启，请重试。',
    'ja-JP': 'サーバーを再起動しています。もう一度お試しください。',
  },
  'Malformed request: the Host header is missing.': {
    'zh-CN': '请求格式错误：缺少 Host 请求头。',
    'ja-JP': '不正なリクエストです: Host ヘッダーがありません。',
  },
  'The Expect header cannot be met.': {
    'zh-CN': '无法满足 Expect 请求头。',
    'ja-JP': 'Expect ヘッダーの要求に応えられません。',
  },
  'Method "CONNECT" not allowed.': {
    'zh-CN': '不允许使用 "CONNECT" 方法。',
    'ja-JP': '"CONNECT" メソッドは使用できません。',
  },
  // lib/http-errors.ts and the error handler
  'Authentication credentials were not provided.': {
    'zh-CN': '未提供身份认证信息。',
    'ja-JP': '認証情報が提供されていません。',
  },
  'Given token not valid for any token type': {
    'zh-CN': '此令牌对任何令牌类型均无效',
    'ja-JP': 'このトークンはどの種類のトークンとしても無効です',
  },
  'You do not have permission to perform this action.': {
    'zh-CN': '您没有执行此操作的权限。',
    'ja-JP': 'この操作を実行する権限がありません。',
  },
  'Not found.': { 'zh-CN': '未找到。', 'ja-JP': '見つかりません。' },
  'Not found: {path}': { 'zh-CN': '未找到：{path}', 'ja-JP': '見つかりません: {path}' },
  'Request body is too large.': { 'zh-CN': '请求体过大。', 'ja-JP': 'リクエスト本文が大きすぎます。' },
  'Unsupported media type.': { 'zh-CN': '不支持的媒体类型。', 'ja-JP': 'サポートされていないメディアタイプです。' },
  'Unsupported media type in request.': {
    'zh-CN': '请求中的媒体类型不受支持。',
    'ja-JP': 'リクエストのメディアタイプはサポートされていません。',
  },
  'Request was throttled.': { 'zh-CN': '请求过于频繁。', 'ja-JP': 'リクエストが多すぎます。' },
  '{detail} Expected available in {seconds} seconds.': {
    'zh-CN': '{detail}请在 {seconds} 秒后重试。',
    'ja-JP': '{detail}{seconds} 秒後に再試行してください。',
  },
  'Service temporarily unavailable, try again later.': {
    'zh-CN': '服务暂时不可用，请稍后重试。',
    'ja-JP': 'サービスは一時的に利用できません。しばらくしてから再試行してください。',
  },
  'There is no space left to store this file. Try again later.': {
    'zh-CN': '没有剩余空间存储此文件，请稍后重试。',
    'ja-JP': 'このファイルを保存する空き容量がありません。しばらくしてから再試行してください。',
  },
  'Invalid input.': { 'zh-CN': '输入无效。', 'ja-JP': '入力が無効です。' },
  'A server error occurred.': { 'zh-CN': '服务器发生错误。', 'ja-JP': 'サーバーエラーが発生しました。' },
  'JSON parse error: the request body is not valid JSON.': {
    'zh-CN': 'JSON 解析错误：请求体不是有效的 JSON。',
    'ja-JP': 'JSON 解析エラー: リクエスト本文が有効な JSON ではありません。',
  },
  'JSON parse error: the request body is empty.': {
    'zh-CN': 'JSON 解析错误：请求体为空。',
    'ja-JP': 'JSON 解析エラー: リクエスト本文が空です。',
  },
  'Null characters are not allowed.': { 'zh-CN': '不允许包含空字符。', 'ja-JP': 'NUL 文字は使用できません。' },
  'Text must be valid Unicode: a lone UTF-16 surrogate is not allowed.': {
    'zh-CN': '文本必须是有效的 Unicode：不允许单独的 UTF-16 代理项。',
    'ja-JP': 'テキストは有効な Unicode である必要があります。単独の UTF-16 サロゲートは使用できません。',
  },
  'The multipart body is malformed.': {
    'zh-CN': 'multipart 请求体格式错误。',
    'ja-JP': 'multipart 本文の形式が正しくありません。',
  },
  // images
  'Image is larger than {size} MB.': { 'zh-CN': '图片大于 {size} MB。', 'ja-JP': '画像が {size} MB を超えています。' },
  'Only PNG, JPEG, WebP or GIF images are accepted.': {
    'zh-CN': '仅接受 PNG、JPEG、WebP 或 GIF 图片。',
    'ja-JP': 'PNG、JPEG、WebP、GIF 画像のみ受け付けます。',
  },
  'The image could not be read.': { 'zh-CN': '无法读取该图片。', 'ja-JP': '画像を読み取れませんでした。' },
  'Image dimensions must be at most {width}×{height} pixels.': {
    'zh-CN': '图片尺寸不能超过 {width}×{height} 像素。',
    'ja-JP': '画像のサイズは {width}×{height} ピクセル以下にしてください。',
  },
  'The image could not be decoded.': { 'zh-CN': '无法解码该图片。', 'ja-JP': '画像をデコードできませんでした。' },
  'No image was submitted.': { 'zh-CN': '未提交图片。', 'ja-JP': '画像が送信されていません。' },
  'No file was submitted.': { 'zh-CN': '未提交文件。', 'ja-JP': 'ファイルが送信されていません。' },
  'Send the image as multipart/form-data in the field "avatar".': {
    'zh-CN': '请以 multipart/form-data 格式在 "avatar" 字段中发送图片。',
    'ja-JP': '画像は multipart/form-data の "avatar" フィールドで送信してください。',
  },
  // pagination (contract/pagination.ts builds these from the parameter's name)
  '{name} must be a positive whole number': {
    'zh-CN': '{name} 必须是正整数',
    'ja-JP': '{name} は正の整数にしてください',
  },
  'page_size must be at most {max}': {
    'zh-CN': 'page_size 最大为 {max}',
    'ja-JP': 'page_size は {max} 以下にしてください',
  },
  'version must be a positive whole number': {
    'zh-CN': 'version 必须是正整数',
    'ja-JP': 'version は正の整数にしてください',
  },
  'Messages are at most 500 characters.': {
    'zh-CN': '说明最多 500 个字符。',
    'ja-JP': 'メッセージは 500 文字以内にしてください。',
  },
  'Enter an http:// or https:// URL.': {
    'zh-CN': '请输入 http:// 或 https:// 开头的网址。',
    'ja-JP': 'http:// または https:// の URL を入力してください。',
  },
  'Use 1–64 lower-case letters, digits, "_", "." or "-".': {
    'zh-CN': '请使用 1–64 个小写字母、数字、"_"、"." 或 "-"。',
    'ja-JP': '1〜64 文字の小文字の英字、数字、"_"、"."、"-" を使用してください。',
  },
  // tree documents (packages/tree-core): JSON import and saves
  'Node "{id}": {problem}': { 'zh-CN': '节点 "{id}"：{problem}', 'ja-JP': 'ノード "{id}": {problem}' },
  'Node #{number}: {problem}': {
    'zh-CN': '第 {number} 个节点：{problem}',
    'ja-JP': '{number} 番目のノード: {problem}',
  },
  'Resource links must be http(s) URLs.': {
    'zh-CN': '资源链接必须是 http(s) 网址。',
    'ja-JP': 'リソースのリンクは http(s) の URL にしてください。',
  },
  'Summaries are at most 1,000 characters.': {
    'zh-CN': '摘要最多 1,000 个字符。',
    'ja-JP': '概要は 1,000 文字以内にしてください。',
  },
  'Content is at most 100,000 characters.': {
    'zh-CN': '内容最多 100,000 个字符。',
    'ja-JP': '内容は 100,000 文字以内にしてください。',
  },
  'Colours are #rrggbb.': { 'zh-CN': '颜色格式为 #rrggbb。', 'ja-JP': '色は #rrggbb 形式で指定してください。' },
  'At most 50 resources per node.': {
    'zh-CN': '每个节点最多 50 个资源。',
    'ja-JP': 'リソースは 1 ノードにつき 50 件までです。',
  },
  'Estimates are 0 to 100,000 minutes.': {
    'zh-CN': '预计时间为 0 到 100,000 分钟。',
    'ja-JP': '見積もりは 0〜100,000 分です。',
  },
  'Estimates are whole minutes.': {
    'zh-CN': '预计时间必须是整数分钟。',
    'ja-JP': '見積もりは分単位の整数にしてください。',
  },
  'A tree has at least its root node.': {
    'zh-CN': '一棵树至少要有根节点。',
    'ja-JP': 'ツリーには少なくともルートノードが必要です。',
  },
  'The file is not valid JSON.': {
    'zh-CN': '该文件不是有效的 JSON。',
    'ja-JP': 'ファイルが有効な JSON ではありません。',
  },
  'Node "{id}": the id is used by another node.': {
    'zh-CN': '节点 "{id}"：该 id 已被其他节点使用。',
    'ja-JP': 'ノード "{id}": この ID は別のノードで使われています。',
  },
  'The tree has no root node (one node must have parent_id null).': {
    'zh-CN': '这棵树没有根节点（必须有一个节点的 parent_id 为 null）。',
    'ja-JP': 'ツリーにルートノードがありません（1 つのノードの parent_id を null にする必要があります）。',
  },
  'Node "{id}": a tree has exactly one root; "{root}" is already the root.': {
    'zh-CN': '节点 "{id}"：一棵树只能有一个根节点，"{root}" 已是根节点。',
    'ja-JP': 'ノード "{id}": ツリーのルートは 1 つだけです。"{root}" がすでにルートです。',
  },
  'Node "{id}": its parent "{parent}" does not exist.': {
    'zh-CN': '节点 "{id}"：其父节点 "{parent}" 不存在。',
    'ja-JP': 'ノード "{id}": 親ノード "{parent}" が存在しません。',
  },
  'Node "{id}": its parent chain forms a cycle and never reaches the root.': {
    'zh-CN': '节点 "{id}"：其父节点链形成了循环，无法到达根节点。',
    'ja-JP': 'ノード "{id}": 親のつながりが循環していて、ルートに到達しません。',
  },
  'Link {number}: node "{id}" does not exist.': {
    'zh-CN': '第 {number} 条连线：节点 "{id}" 不存在。',
    'ja-JP': 'リンク {number}: ノード "{id}" が存在しません。',
  },
  'Link {number}: a node cannot link to itself ("{id}").': {
    'zh-CN': '第 {number} 条连线：节点不能连向自身（"{id}"）。',
    'ja-JP': 'リンク {number}: ノードを自分自身にリンクすることはできません（"{id}"）。',
  },
  'Link {number}: "{source}" → "{target}" is given twice.': {
    'zh-CN': '第 {number} 条连线："{source}" → "{target}" 重复出现。',
    'ja-JP': 'リンク {number}: "{source}" → "{target}" が重複しています。',
  },
  'Link {number}: "{source}" → "{target}" closes a circle of prerequisites.': {
    'zh-CN': '第 {number} 条连线："{source}" → "{target}" 使前置关系形成了循环。',
    'ja-JP': 'リンク {number}: "{source}" → "{target}" により前提関係が循環します。',
  },
  'A tree has at most {max} nodes (this one has {count}).': {
    'zh-CN': '一棵树最多 {max} 个节点（这棵有 {count} 个）。',
    'ja-JP': 'ツリーのノードは {max} 個までです（このツリーは {count} 個）。',
  },
  'The document is larger than {max} bytes ({bytes}).': {
    'zh-CN': '文档大于 {max} 字节（{bytes}）。',
    'ja-JP': '文書が {max} バイトを超えています（{bytes}）。',
  },
  // tree documents (packages/tree-core): OPML and JSON Canvas imports
  'The file is not readable XML.': {
    'zh-CN': '该文件不是可读取的 XML。',
    'ja-JP': 'このファイルは読み取れる XML ではありません。',
  },
  'Not an OPML file: it has no <opml><body>.': {
    'zh-CN': '不是 OPML 文件：缺少 <opml><body>。',
    'ja-JP': 'OPML ファイルではありません: <opml><body> がありません。',
  },
  'The outline has no entries.': { 'zh-CN': '该大纲没有任何条目。', 'ja-JP': 'このアウトラインには項目がありません。' },
  'Not a JSON Canvas: it has no "nodes" list.': {
    'zh-CN': '不是 JSON Canvas：缺少 "nodes" 列表。',
    'ja-JP': 'JSON Canvas ではありません: "nodes" の一覧がありません。',
  },
  'The canvas has no cards.': { 'zh-CN': '该画布没有任何卡片。', 'ja-JP': 'このキャンバスにはカードがありません。' },
};

const catalog = new Map<string, Translations>(Object.entries(LIB_MESSAGES));
let revision = 0;

/**
 * Adds modules' messages to the catalog. Registering the same entry again (every app a test builds) changes
 * nothing; one English text with two different translations is a mistake and throws.
 */
export function registerMessages(...catalogs: MessageCatalog[]): void {
  for (const entries of catalogs) {
    for (const [english, translations] of Object.entries(entries)) {
      const known = catalog.get(english);
      if (known && (known['zh-CN'] !== translations['zh-CN'] || known['ja-JP'] !== translations['ja-JP'])) {
        throw new Error(`registerMessages: "${english}" is translated twice, differently`);
      }
      if (!known) {
        catalog.set(english, translations);
        revision++;
      }
    }
  }
}

/** Every message translated so far: lib's and those of the modules registered. */
export function registeredMessages(): ReadonlyMap<string, Translations> {
  return catalog;
}

/** Grows with every message registered: a cache built from the catalog compares it. */
export const catalogRevision = () => revision;
