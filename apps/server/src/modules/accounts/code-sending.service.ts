import type { Deps, Logger } from '../../deps.ts';
import { AppError, invalidField } from '../../lib/http-errors.ts';
import { codeMessage } from '../../lib/mail/code-messages.ts';
import { localeFromAcceptLanguage } from '../../lib/messages/locale.ts';
import { createMailer } from '../../lib/mail/mailer.ts';
import { createSmsSender } from '../../lib/sms/sms-sender.ts';
import { safeError } from '../../lib/safe-error.ts';
import { findUserByEmail, findUserById, findUserByPhone, type UserRow } from './accounts.repository.ts';
import { captchaKey, consumeCaptcha } from './captcha.service.ts';
import { CODE_TTL_S, RESEND_AFTER_S, issueCode, messageLocale, type CodeChannel } from './codes.service.ts';
import { findProfileOfUser } from './profile.repository.ts';

const LOGIN_PURPOSES = new Set(['bind_email', 'cancel_email', 'bind_phone', 'cancel_phone', 'message']);
/** Purposes whose answer must not reveal whether the address has an account. */
const SILENT_PURPOSES = new Set(['login', 'reset_password']);

/** True for purposes only a logged-in caller may ask a code for (the route checks the login first). */
export const purposeNeedsLogin = (purpose: string) => LOGIN_PURPOSES.has(purpose);

/** One code send as the route hands it over. */
interface CodeSendRequest {
  channel: CodeChannel;
  purpose: string;
  address: string;
  altcha: string | undefined;
  /** the logged-in caller, if any */
  callerId: number | null;
  ip: string;
  acceptLanguage: string | undefined;
}

/** `send(request, log)`: the whole rule set of a code send. */
export function createCodeSender(deps: Deps) {
  const key = captchaKey(deps.config.secretKey);
  const mailer = createMailer(deps);
  const sms = createSmsSender(deps);

  /** Which account the address belongs to decides whether the code is sent, refused or silently dropped. */
  async function decideDelivery(channel: CodeChannel, purpose: string, address: string, caller: UserRow | null) {
    const field = channel === 'email' ? 'email' : 'phone';
    const owner =
      channel === 'email' ? await findUserByEmail(deps.db, address) : await findUserByPhone(deps.db, address);
    switch (purpose) {
      case 'signup':
        if (owner)
          throw invalidField(
            field,
            channel === 'email'
              ? 'A user with that email already exists.'
              : 'A user with that phone number already exists.',
          );
        return { deliver: true, recipient: null };
      case 'login':
      case 'reset_password':
      case 'auto_sign_in':
        // Unknown addresses get the same answer: whether an account exists is not revealed.
        return {
          deliver: purpose === 'auto_sign_in' ? !owner || Boolean(owner.is_active) : Boolean(owner?.is_active),
          recipient: owner ?? null,
        };
      case 'bind_email':
      case 'bind_phone':
        if (owner)
          throw invalidField(
            field,
            channel === 'email' ? 'This email address is already in use.' : 'This phone number is already in use.',
          );
        return { deliver: true, recipient: caller };
      default:
        // cancel_* and message: only to the caller's own address.
        if (!caller || owner?.id !== caller.id)
          throw invalidField(
            field,
            channel === 'email'
              ? 'This is not an email address of your account.'
              : 'This is not a phone number of your account.',
          );
        return { deliver: true, recipient: caller };
    }
  }

  /** Sends a code (`log` is the request's logger); the login a purpose needs was checked by the route. */
  return async function send(request: CodeSendRequest, log: Logger) {
    const { channel, purpose, address } = request;
    await consumeCaptcha(deps, key, request.altcha);
    const caller = request.callerId === null ? null : ((await findUserById(deps.db, request.callerId)) ?? null);
    const { deliver, recipient } = await decideDelivery(channel, purpose, address, caller);
    const code = await issueCode(deps, { channel, address, purpose, ip: request.ip, deliver });
    if (code) {
      const deliver = async () => {
        const profile = recipient ? await findProfileOfUser(deps.db, recipient.id) : undefined;
        const locale = messageLocale(profile?.locale, localeFromAcceptLanguage(request.acceptLanguage));
        const message = codeMessage(locale, purpose, code, CODE_TTL_S / 60);
        if (channel === 'email') await mailer.send({ to: address, purpose, code, ...message });
        else await sms.send({ to: address, purpose, code, text: message.text });
      };
      if (SILENT_PURPOSES.has(purpose)) {
        // Delivering before answering would make known addresses answer slower than unknown ones.
        deliver().catch((error: unknown) => log.error({ err: safeError(error), channel }, 'code delivery failed'));
      } else {
        try {
          await deliver();
        } catch (error) {
          log.error({ err: safeError(error), channel }, 'code delivery failed');
          throw new AppError(502, 'upstream_error', 'The message could not be delivered. Try again later.');
        }
      }
    }
    return {
      detail: channel === 'email' ? 'A code has been sent to the email address.' : 'A code has been sent to the phone.',
      expires_in: CODE_TTL_S,
      resend_after: RESEND_AFTER_S,
    };
  };
}
