import type { Locale } from '@arbor/contract';

const ACTIONS: Record<Locale, Record<string, string>> = {
  'zh-CN': {
    signup: '注册账号',
    login: '登录',
    auto_sign_in: '登录或注册',
    reset_password: '重置密码',
    bind_email: '绑定邮箱',
    cancel_email: '解绑邮箱',
    bind_phone: '绑定手机号',
    cancel_phone: '解绑手机号',
    message: '验证手机号',
  },
  'en-US': {
    signup: 'create your account',
    login: 'sign in',
    auto_sign_in: 'sign in or sign up',
    reset_password: 'reset your password',
    bind_email: 'add this email address',
    cancel_email: 'remove this email address',
    bind_phone: 'add this phone number',
    cancel_phone: 'remove this phone number',
    message: 'verify your phone number',
  },
  'ja-JP': {
    signup: 'アカウント登録',
    login: 'ログイン',
    auto_sign_in: 'ログインまたは登録',
    reset_password: 'パスワードの再設定',
    bind_email: 'メールアドレスの登録',
    cancel_email: 'メールアドレスの解除',
    bind_phone: '電話番号の登録',
    cancel_phone: '電話番号の解除',
    message: '電話番号の確認',
  },
};

/** Subject and text of a one-time-code message in the recipient's language. */
export function codeMessage(
  locale: Locale,
  purpose: string,
  code: string,
  minutes: number,
): { subject: string; text: string } {
  const action = ACTIONS[locale][purpose] ?? purpose;
  switch (locale) {
    case 'en-US':
      return {
        subject: `Arbor verification code: ${code}`,
        text: `Your Arbor code to ${action} is ${code}. It is valid for ${minutes} minutes. If you did not ask for it, ignore this message.`,
      };
    case 'ja-JP':
      return {
        subject: `Arbor 認証コード: ${code}`,
        text: `Arbor の${action}用の認証コードは ${code} です。有効期限は${minutes}分です。心当たりがない場合は、このメッセージを無視してください。`,
      };
    default:
      return {
        subject: `Arbor 验证码：${code}`,
        text: `您用于${action}的 Arbor 验证码是 ${code}，${minutes} 分钟内有效。如非本人操作，请忽略本消息。`,
      };
  }
}
