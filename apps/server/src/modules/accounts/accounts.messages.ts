import type { MessageCatalog } from '../../lib/messages/index.ts';
/** The accounts module's messages in zh-CN and ja-JP, keyed by the English text; registered into `lib/messages/catalog.ts` when the app is built. */
export const ACCOUNTS_MESSAGES: MessageCatalog = {
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
};
