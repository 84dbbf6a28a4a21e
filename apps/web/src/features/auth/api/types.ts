// Wire types of API.md "Tokens", "One-time codes" and "Accounts" used by the auth hooks. `Me` and the
// login answer are the session's own types so a login result can be handed to `signIn` as it is.
import type { CodeSent as CodeSentSchema } from '@arbor/contract';
import type { z } from 'zod';

export type { LoginAnswer, Me } from '../../../lib/session.ts';

export interface TokenPair {
  access: string;
  refresh: string;
}

export type CodeSent = z.infer<typeof CodeSentSchema>;

/** `ses` codes go to an email address, `sms` codes to a phone. */
export type Channel = 'ses' | 'sms';

export type CodePurpose =
  | 'auto_sign_in'
  | 'bind_email'
  | 'cancel_email'
  | 'bind_phone'
  | 'cancel_phone'
  | 'login'
  | 'signup'
  | 'message'
  | 'reset_password';

/** The body key that carries the address for a channel. */
export const addressKey = (channel: Channel) => (channel === 'ses' ? 'email' : 'phone');
