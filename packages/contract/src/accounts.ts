import { z } from 'zod';
import { Locale } from './common.ts';

export const Email = z.string().trim().toLowerCase().max(254).email('Enter a valid email address.');
export const Phone = z
  .string()
  .trim()
  .regex(/^\+[1-9]\d{6,14}$/, 'Enter a phone number in international format, e.g. +8613800138000.');
export const OneTimeCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'The code has 6 digits.');
export const Username = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.-]{3,30}$/, 'Usernames have 3 to 30 letters, digits, "_", "-" or ".".');
/** Policy (length, common, not the login) is checked by the server so every rule has a field message. */
export const Password = z.string().max(1024);
/** A solved ALTCHA challenge (base64 JSON). Optional in schemas so its absence answers `captcha_required`. */
export const AltchaPayload = z.string().max(4000).optional();

export const EMAIL_PURPOSES = [
  'auto_sign_in',
  'bind_email',
  'cancel_email',
  'login',
  'signup',
  'reset_password',
] as const;
export const PHONE_PURPOSES = [
  'auto_sign_in',
  'bind_phone',
  'cancel_phone',
  'login',
  'signup',
  'message',
  'reset_password',
] as const;
export const EmailPurpose = z.enum(EMAIL_PURPOSES);
export const PhonePurpose = z.enum(PHONE_PURPOSES);
export type EmailPurpose = z.infer<typeof EmailPurpose>;
export type PhonePurpose = z.infer<typeof PhonePurpose>;

// Tokens (SimpleJWT-compatible)
export const TokenObtainBody = z.object({ username: z.string().trim().min(1).max(254), password: Password });
export const TokenPair = z.object({ access: z.string(), refresh: z.string() }).meta({ id: 'TokenPair' });
export const TokenRefreshBody = z.object({ refresh: z.string().min(1).max(4096) });
export const TokenVerifyBody = z.object({ token: z.string().min(1).max(4096) });
export const LogoutBody = z.object({ refresh: z.string().min(1).max(4096) });

// Captcha
export const CaptchaChallenge = z
  .object({
    algorithm: z.string(),
    challenge: z.string(),
    maxnumber: z.number().int(),
    salt: z.string(),
    signature: z.string(),
  })
  .meta({ id: 'CaptchaChallenge' });
export const CaptchaPayloadBody = z.object({ payload: z.string().min(1).max(4000) });
export const CaptchaVerified = z.object({ verified: z.boolean() });
export const CaptchaFieldsHashBody = z.object({
  // Form fields are flat values: a nested value has no place in a form and would be stringified
  // recursively by the hash check (a deeply nested array overflowed the stack: a 500).
  form_data: z.record(z.string(), z.union([z.string().max(100_000), z.number(), z.boolean(), z.null()])),
  fields: z.array(z.string().max(200)).max(100),
  fields_hash: z.string().max(256),
  algorithm: z.enum(['SHA-1', 'SHA-256', 'SHA-512']).optional(),
});
export const CaptchaServerSignatureAnswer = z.object({
  verified: z.boolean(),
  verification_data: z.record(z.string(), z.unknown()).nullable(),
});
export const CaptchaSolveBody = z.object({
  challenge: z.string().regex(/^[0-9a-f]{40,128}$/),
  salt: z.string().max(500),
  algorithm: z.enum(['SHA-1', 'SHA-256', 'SHA-512']).optional(),
  max: z.number().int().positive().max(10_000_000).optional(),
});
export const CaptchaSolution = z.object({ number: z.number().int(), took: z.number() });

// One-time codes
export const SesSendBody = z.object({ email: Email, altcha: AltchaPayload });
export const SmsSendBody = z.object({ phone: Phone, altcha: AltchaPayload });
export const CodeSent = z
  .object({ detail: z.string(), expires_in: z.number().int(), resend_after: z.number().int() })
  .meta({ id: 'CodeSent' });
export const SesCheckCodeBody = z.object({ email: Email, code: OneTimeCode, purpose: EmailPurpose });
export const SmsCheckCodeBody = z.object({ phone: Phone, code: OneTimeCode, purpose: PhonePurpose });
export const CodeValid = z.object({ valid: z.boolean() });

// Profile and the account
export const Profile = z
  .object({
    id: z.number().int(),
    nickname: z.string(),
    bio: z.string(),
    locale: Locale,
    avatar: z.string().nullable(),
    avatar_url: z.string(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof Profile>;

export const Me = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    role: z.enum(['user', 'admin']),
    date_joined: z.string(),
    has_password: z.boolean(),
    profile: Profile,
  })
  .meta({ id: 'Me' });
export type Me = z.infer<typeof Me>;
/** What an admin sees of any account: `Me` plus whether it may log in. */
export const AdminUserView = Me.extend({ is_active: z.boolean() }).meta({ id: 'AdminUserView' });

export const LoginAnswer = TokenPair.extend({ user: Me }).meta({ id: 'LoginAnswer' });
export type LoginAnswer = z.infer<typeof LoginAnswer>;
export const AutoSignInAnswer = LoginAnswer.extend({ created: z.boolean() }).meta({ id: 'AutoSignInAnswer' });

// Accounts
/**
 * The UI language the person signs up in, stored as their profile's `locale` (notifications and
 * e-mails are written in it); without it, the request's Accept-Language, else the default.
 */
const SignupLanguage = Locale.optional().describe(
  "the client's UI language, stored as the profile's locale (else Accept-Language decides)",
);
export const SesSignupBody = z.object({
  email: Email,
  code: OneTimeCode,
  password: Password,
  username: Username.optional(),
  altcha: AltchaPayload,
  language: SignupLanguage,
});
export const SmsSignupBody = z.object({
  phone: Phone,
  code: OneTimeCode,
  password: Password,
  username: Username.optional(),
  altcha: AltchaPayload,
  language: SignupLanguage,
});
export const SesCodeLoginBody = z.object({ email: Email, code: OneTimeCode });
export const SmsCodeLoginBody = z.object({ phone: Phone, code: OneTimeCode });
export const CodeOnlyBody = z.object({ code: OneTimeCode });
export const PhonePasswordLoginBody = z.object({ phone: Phone, password: Password });
export const PasswordResetBody = z.object({
  email: Email.optional(),
  phone: Phone.optional(),
  code: OneTimeCode,
  new_password: Password,
});
export const Detail = z.object({ detail: z.string() });

// Profile endpoints
export const UserPatchBody = z.object({ username: Username.optional(), is_active: z.boolean().optional() });
export const UserDeleteBody = z.object({ password: Password.optional() }).optional();
export const ProfileWriteBody = z.object({
  nickname: z.string().trim().max(50, 'At most 50 characters.').optional(),
  bio: z.string().max(500, 'At most 500 characters.').optional(),
  locale: Locale.optional(),
});
export const AvatarAnswer = z.object({ avatar: z.string().nullable(), avatar_url: z.string() });
export const EmailAddress = z
  .object({ id: z.number().int(), email: z.string(), primary: z.boolean(), verified: z.boolean() })
  .meta({ id: 'EmailAddress' });
export const PhoneNumber = z
  .object({ id: z.number().int(), phone: z.string(), primary: z.boolean(), verified: z.boolean() })
  .meta({ id: 'PhoneNumber' });
export const EmailAddressCreateBody = z.object({ email: Email, code: OneTimeCode });
export const PhoneNumberCreateBody = z.object({ phone: Phone, code: OneTimeCode });
export const AddressPatchBody = z.object({ primary: z.literal(true).optional() });
export const EmailBind = z.object({ bound: z.boolean(), email: z.string().nullable() });
export const PhoneBind = z.object({ bound: z.boolean(), phone: z.string().nullable() });
export const HasPassword = z.object({ has_password: z.boolean() });
export const OwnEmail = z.object({ email: z.string().nullable() });
export const OwnPhone = z.object({ phone: z.string().nullable() });
export const Exists = z.object({ exists: z.boolean() });
export const SetFirstPasswordBody = z.object({ password: Password });
