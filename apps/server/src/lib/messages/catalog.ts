/**
 * Translations of the API's English messages, keyed by the English text exactly as the code writes
 * it. A message built from values is keyed by its template: `{name}` stands for a value (matched as a
 * pattern, and translated itself when it is a message, e.g. the reason after "Invalid tree document:").
 * `catalog-coverage.test.ts` fails when a message in the sources has no entry here, or when an
 * entry's placeholders differ between languages.
 */
export interface Translations {
  'zh-CN': string;
  'ja-JP': string;
}

export const CATALOG: Record<string, Translations> = {
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

  // accounts
  'This password is too short. It must contain at least {min} characters.': {
    'zh-CN': '密码太短，至少需要 {min} 个字符。',
    'ja-JP': 'パスワードが短すぎます。{min} 文字以上にしてください。',
  },
  'This password is too long. It must contain at most {max} characters.': {
    'zh-CN': '密码太长，最多 {max} 个字符。',
    'ja-JP': 'パスワードが長すぎます。{max} 文字以下にしてください。',
  },
  'This password is too common.': { 'zh-CN': '此密码过于常见。', 'ja-JP': 'このパスワードはよく使われすぎています。' },
  'The password must not be the same as the login.': {
    'zh-CN': '密码不能与登录名相同。',
    'ja-JP': 'パスワードをログイン名と同じにすることはできません。',
  },
  'No active account found with the given credentials': {
    'zh-CN': '找不到与所给凭据匹配的有效账号',
    'ja-JP': '指定された認証情報に一致する有効なアカウントが見つかりません',
  },
  'A user with that username already exists.': {
    'zh-CN': '该用户名已被使用。',
    'ja-JP': 'そのユーザー名はすでに使われています。',
  },
  'A user with that email already exists.': {
    'zh-CN': '该邮箱已被使用。',
    'ja-JP': 'そのメールアドレスはすでに使われています。',
  },
  'A user with that phone number already exists.': {
    'zh-CN': '该手机号已被使用。',
    'ja-JP': 'その電話番号はすでに使われています。',
  },
  'Too many new accounts.': { 'zh-CN': '新注册的账号过多。', 'ja-JP': '新規アカウントが多すぎます。' },
  'Too many failed password attempts.': {
    'zh-CN': '密码错误次数过多。',
    'ja-JP': 'パスワードの入力ミスが多すぎます。',
  },
  'That username, email or phone is already taken.': {
    'zh-CN': '该用户名、邮箱或手机号已被使用。',
    'ja-JP': 'そのユーザー名、メールアドレス、または電話番号はすでに使われています。',
  },
  'Already taken.': { 'zh-CN': '已被使用。', 'ja-JP': 'すでに使われています。' },
  'Already in use.': { 'zh-CN': '已被使用。', 'ja-JP': 'すでに使われています。' },
  'This email address is already in use.': {
    'zh-CN': '该邮箱地址已被使用。',
    'ja-JP': 'このメールアドレスはすでに使われています。',
  },
  'This phone number is already in use.': {
    'zh-CN': '该手机号已被使用。',
    'ja-JP': 'この電話番号はすでに使われています。',
  },
  'No email address is bound to this account.': {
    'zh-CN': '此账号未绑定邮箱地址。',
    'ja-JP': 'このアカウントにはメールアドレスが登録されていません。',
  },
  'No phone number is bound to this account.': {
    'zh-CN': '此账号未绑定手机号。',
    'ja-JP': 'このアカウントには電話番号が登録されていません。',
  },
  'This would leave the account with no way to log in. Add another email, phone or a password first.': {
    'zh-CN': '这样账号将无法登录。请先添加其他邮箱、手机号或设置密码。',
    'ja-JP':
      'これではアカウントにログインできなくなります。先に別のメールアドレス、電話番号、またはパスワードを追加してください。',
  },
  'Give either an email or a phone.': {
    'zh-CN': '请提供邮箱或手机号。',
    'ja-JP': 'メールアドレスか電話番号を指定してください。',
  },
  'This account already has a password.': {
    'zh-CN': '此账号已设置密码。',
    'ja-JP': 'このアカウントにはすでにパスワードがあります。',
  },
  'Token is invalid or expired': { 'zh-CN': '令牌无效或已过期', 'ja-JP': 'トークンが無効か期限切れです' },
  'Token is blacklisted': { 'zh-CN': '令牌已被列入黑名单', 'ja-JP': 'トークンはブラックリストに登録されています' },
  'Password has been reset with the new password.': {
    'zh-CN': '密码已重置为新密码。',
    'ja-JP': 'パスワードを新しいパスワードに再設定しました。',
  },
  'The payload could not be read.': { 'zh-CN': '无法读取该数据。', 'ja-JP': 'ペイロードを読み取れませんでした。' },
  'No solution found.': { 'zh-CN': '未找到解。', 'ja-JP': '解が見つかりませんでした。' },
  'Solve the captcha first.': { 'zh-CN': '请先完成人机验证。', 'ja-JP': '先に CAPTCHA を解いてください。' },
  'The captcha is invalid, expired or already used. Solve it again.': {
    'zh-CN': '人机验证无效、已过期或已被使用，请重新验证。',
    'ja-JP': 'CAPTCHA が無効、期限切れ、または使用済みです。もう一度解いてください。',
  },
  'This is not an email address of your account.': {
    'zh-CN': '这不是您账号的邮箱地址。',
    'ja-JP': 'これはあなたのアカウントのメールアドレスではありません。',
  },
  'This is not a phone number of your account.': {
    'zh-CN': '这不是您账号的手机号。',
    'ja-JP': 'これはあなたのアカウントの電話番号ではありません。',
  },
  'The message could not be delivered. Try again later.': {
    'zh-CN': '消息发送失败，请稍后重试。',
    'ja-JP': 'メッセージを配信できませんでした。しばらくしてから再試行してください。',
  },
  'A code has been sent to the email address.': {
    'zh-CN': '验证码已发送到该邮箱。',
    'ja-JP': 'メールアドレスにコードを送信しました。',
  },
  'A code has been sent to the phone.': { 'zh-CN': '验证码已发送到该手机。', 'ja-JP': '電話にコードを送信しました。' },
  'The code is incorrect or no longer valid.': {
    'zh-CN': '验证码不正确或已失效。',
    'ja-JP': 'コードが正しくないか、すでに無効です。',
  },
  'The code has expired. Ask for a new one.': {
    'zh-CN': '验证码已过期，请重新获取。',
    'ja-JP': 'コードの有効期限が切れました。新しいコードをリクエストしてください。',
  },
  'You cannot deactivate your own account.': {
    'zh-CN': '不能停用自己的账号。',
    'ja-JP': '自分のアカウントは無効にできません。',
  },
  'The password is incorrect.': { 'zh-CN': '密码不正确。', 'ja-JP': 'パスワードが正しくありません。' },
  'Enter a phone number in international format, e.g. +8613800138000.': {
    'zh-CN': '请输入国际格式的手机号，例如 +8613800138000。',
    'ja-JP': '電話番号は国際形式で入力してください（例: +8613800138000）。',
  },
  'The code has 6 digits.': { 'zh-CN': '验证码为 6 位数字。', 'ja-JP': 'コードは 6 桁の数字です。' },
  'Usernames have 3 to 30 letters, digits, "_", "-" or ".".': {
    'zh-CN': '用户名为 3 到 30 个字母、数字、"_"、"-" 或 "."。',
    'ja-JP': 'ユーザー名は 3〜30 文字の英字、数字、"_"、"-"、"." で指定してください。',
  },
  'At most 50 characters.': { 'zh-CN': '最多 50 个字符。', 'ja-JP': '50 文字以内にしてください。' },
  'At most 500 characters.': { 'zh-CN': '最多 500 个字符。', 'ja-JP': '500 文字以内にしてください。' },

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
  // modules/trees and community: the name of a version a rollback, a sync or an accepted suggestion records
  'Rollback to version {number}': { 'zh-CN': '回滚到版本 {number}', 'ja-JP': 'バージョン {number} にロールバック' },
  'Synced with template revision {revision}': {
    'zh-CN': '已与模板第 {revision} 版同步',
    'ja-JP': 'テンプレートのリビジョン {revision} と同期',
  },
  'Suggestion #{id}: {title}': { 'zh-CN': '建议 #{id}：{title}', 'ja-JP': '提案 #{id}：{title}' },
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
  // modules/suggestions: suggested edits of templates
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
