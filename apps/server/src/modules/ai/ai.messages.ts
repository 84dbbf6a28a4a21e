import type { MessageCatalog } from '../../lib/messages/index.ts';
/** The AI module's messages in zh-CN and ja-JP, keyed by the English text; registered into `lib/messages/catalog.ts` when the app is built. */
export const AI_MESSAGES: MessageCatalog = {
  // AI providers
  'The request was cancelled.': { 'zh-CN': '请求已取消。', 'ja-JP': 'リクエストはキャンセルされました。' },
  'The AI provider address is not allowed: {reason}': {
    'zh-CN': '不允许使用该 AI 服务地址：{reason}',
    'ja-JP': 'この AI プロバイダーのアドレスは使用できません: {reason}',
  },
  'The AI provider did not answer in time.': {
    'zh-CN': 'AI 服务未能及时响应。',
    'ja-JP': 'AI プロバイダーが時間内に応答しませんでした。',
  },
  'The AI provider could not be reached.': {
    'zh-CN': '无法连接 AI 服务。',
    'ja-JP': 'AI プロバイダーに接続できませんでした。',
  },
  '{detail} It is rate limiting requests; try again later.': {
    'zh-CN': '{detail}该服务正在限制请求频率，请稍后重试。',
    'ja-JP': '{detail}リクエストが制限されています。しばらくしてから再試行してください。',
  },
  'The AI provider answered {status} ({said}).': {
    'zh-CN': 'AI 服务返回了 {status}（{said}）。',
    'ja-JP': 'AI プロバイダーが {status} を返しました（{said}）。',
  },
  'The AI provider answered {status}.': {
    'zh-CN': 'AI 服务返回了 {status}。',
    'ja-JP': 'AI プロバイダーが {status} を返しました。',
  },
  'The AI provider sent an answer that could not be read.': {
    'zh-CN': 'AI 服务返回的内容无法读取。',
    'ja-JP': 'AI プロバイダーの応答を読み取れませんでした。',
  },
  'The AI provider sent an empty answer.': {
    'zh-CN': 'AI 服务返回了空内容。',
    'ja-JP': 'AI プロバイダーの応答が空でした。',
  },
  'The AI provider stopped answering.': {
    'zh-CN': 'AI 服务中途停止了响应。',
    'ja-JP': 'AI プロバイダーの応答が途中で止まりました。',
  },
  'The AI provider sent no image.': {
    'zh-CN': 'AI 服务没有返回图片。',
    'ja-JP': 'AI プロバイダーから画像が返されませんでした。',
  },
  'Fetching the generated image failed ({status}).': {
    'zh-CN': '获取生成的图片失败（{status}）。',
    'ja-JP': '生成された画像の取得に失敗しました（{status}）。',
  },
  'The generated image is too large.': { 'zh-CN': '生成的图片过大。', 'ja-JP': '生成された画像が大きすぎます。' },
  'AI is not configured: an administrator must add and activate a provider.': {
    'zh-CN': '尚未配置 AI：需要管理员添加并启用一个服务商。',
    'ja-JP': 'AI が設定されていません。管理者がプロバイダーを追加して有効にする必要があります。',
  },
  'AI is not configured: the active provider has no active {kind} model.': {
    'zh-CN': '尚未配置 AI：当前服务商没有启用的 {kind} 模型。',
    'ja-JP': 'AI が設定されていません。有効なプロバイダーに有効な {kind} モデルがありません。',
  },
  'This address is not allowed: {reason}': {
    'zh-CN': '不允许使用该地址：{reason}',
    'ja-JP': 'このアドレスは使用できません: {reason}',
  },
  'This address is not allowed: it is a loopback, private or link-local address. To use a provider on this machine or your network, start Arbor with AI_ALLOW_PRIVATE_BASE_URL=1.':
    {
      'zh-CN':
        '不允许使用该地址：它是回环、私有或链路本地地址。要使用本机或局域网内的 AI 服务，请以 AI_ALLOW_PRIVATE_BASE_URL=1 启动 Arbor。',
      'ja-JP':
        'このアドレスは使用できません。ループバック、プライベート、またはリンクローカルのアドレスです。このマシンやローカルネットワーク上のプロバイダーを使うには、AI_ALLOW_PRIVATE_BASE_URL=1 を付けて Arbor を起動してください。',
    },
  'Only http and https URLs are allowed.': {
    'zh-CN': '只允许 http 和 https 地址。',
    'ja-JP': 'http と https の URL のみ使用できます。',
  },
  'The stored API key cannot be decrypted (was SECRET_KEY changed?); an administrator must enter it again.': {
    'zh-CN': '无法解密已保存的 API 密钥（SECRET_KEY 是否已更改？），需要管理员重新输入。',
    'ja-JP':
      '保存された API キーを復号できません（SECRET_KEY が変更されましたか？）。管理者が再入力する必要があります。',
  },
  'The AI model did not answer with a valid list of children (expected a JSON array of {title, summary}).': {
    'zh-CN': 'AI 模型没有返回有效的子节点列表（应为由 {title, summary} 组成的 JSON 数组）。',
    'ja-JP': 'AI モデルの応答は有効な子ノードの一覧ではありませんでした（{title, summary} の JSON 配列が必要です）。',
  },
  'Give the node the image is for.': {
    'zh-CN': '请指定图片所属的节点。',
    'ja-JP': '画像の対象となるノードを指定してください。',
  },
  'This provider already has a model with this name.': {
    'zh-CN': '该服务商已有同名模型。',
    'ja-JP': 'このプロバイダーには同じ名前のモデルがすでにあります。',
  },
  'No such provider.': { 'zh-CN': '没有该服务商。', 'ja-JP': 'そのプロバイダーは存在しません。' },
  'No active {kind} model "{name}".': {
    'zh-CN': '没有启用的 {kind} 模型 "{name}"。',
    'ja-JP': '有効な {kind} モデル "{name}" はありません。',
  },
  'A prompt with this key and language already exists.': {
    'zh-CN': '已存在相同键和语言的提示词。',
    'ja-JP': '同じキーと言語のプロンプトがすでに存在します。',
  },
  'No active prompt "{key}".': {
    'zh-CN': '没有启用的提示词 "{key}"。',
    'ja-JP': '有効なプロンプト "{key}" はありません。',
  },
  'Another provider was activated at the same time; reload and try again.': {
    'zh-CN': '另一个服务商同时被启用了，请刷新后重试。',
    'ja-JP': '別のプロバイダーが同時に有効化されました。再読み込みしてから再試行してください。',
  },
  'Connected: {count} models.': { 'zh-CN': '已连接：{count} 个模型。', 'ja-JP': '接続しました: モデル {count} 件。' },
  'Daily AI quota of {limit} requests reached.': {
    'zh-CN': '已达到每日 {limit} 次的 AI 请求额度。',
    'ja-JP': '1 日の AI リクエスト上限（{limit} 回）に達しました。',
  },
};
