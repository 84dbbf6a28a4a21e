// Wire types of API.md "Tokens", "One-time codes" and "Accounts" used by the auth hooks. `Me` and the
// login answer are the session's own types so a login result can be handed to `signIn` as it is.
import type {
  CodeSent as CodeSentSchema,
  EmailPurpose,
  PhonePurpose,
  TokenPair as TokenPairSchema,
} from '@arbor/contract';
import type { z } from 'zod';

export type { LoginAnswer, Me } from '../../../lib/session.ts';

export type TokenPair = z.infer<typeof TokenPairSchema>;

export type CodeSent = z.infer<typeof CodeSentSchema>;

/** `ses` codes go to an email address, `sms` codes to a phone. */
export type Channel = 'ses' | 'sms';

export type CodePurpose = EmailPurpose | PhonePurpose;

/** The body key that carries the address for a channel. */
export const addressKey = (channel: Channel) => (channel === 'ses' ? 'email' : 'phone');
