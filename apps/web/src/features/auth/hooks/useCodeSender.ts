import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendCode } from '../api/useSendCode.ts';
import type { Channel, CodePurpose } from '../api/types.ts';
import type { CaptchaHandle } from '../components/Captcha.tsx';
import { useCountdown } from './useCountdown.ts';
import type { ServerErrors } from './useServerErrors.ts';

/**
 * "Send code" for one form: takes a fresh captcha payload, asks the server to send, then blocks the
 * button for the server's `resend_after` (or the `Retry-After` of a throttled answer). Errors go to
 * the form's error state so they show under the address or the captcha.
 */
export function useCodeSender(captcha: RefObject<CaptchaHandle | null>, errors: ServerErrors) {
  const { t } = useTranslation('auth');
  const sendCode = useSendCode();
  const countdown = useCountdown();
  const [solving, setSolving] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function send(channel: Channel, purpose: CodePurpose, address: string): Promise<boolean> {
    errors.clear();
    let altcha: string;
    setSolving(true);
    try {
      altcha = await captcha.current!.take();
    } catch {
      errors.setField('altcha', t('errors.captcha'));
      return false;
    } finally {
      setSolving(false);
    }
    try {
      const answer = await sendCode.mutateAsync({ channel, purpose, address, altcha });
      countdown.start(answer.resend_after);
      setSentTo(address);
      return true;
    } catch (error) {
      const described = errors.report(error);
      if (described.retryAfter) countdown.start(described.retryAfter);
      return false;
    }
  }

  /** Forget the last send (the address or channel changed): a new address may get a code at once. */
  function reset() {
    countdown.stop();
    setSentTo(null);
  }

  return {
    send,
    reset,
    sending: solving || sendCode.isPending,
    /** seconds until another send is allowed */
    remaining: countdown.remaining,
    /** the address the last code went to, for the confirmation under the code input */
    sentTo,
  };
}

export type CodeSender = ReturnType<typeof useCodeSender>;
