import { useRef, useState } from 'react';
import { addressKey, type Channel, type CodePurpose } from '../api/types.ts';
import type { CaptchaHandle } from '../components/Captcha.tsx';
import { isEmail, isPhone, normalizePhone } from '../lib/identifiers.ts';
import { useCodeSender } from './useCodeSender.ts';
import { useServerErrors } from './useServerErrors.ts';

interface CodeFlowOptions {
  channel?: Channel;
  /** the code goes to an address the user does not type (unbinding sends to the bound one) */
  fixedAddress?: string;
}

/**
 * State shared by every "address → captcha → send code → type code" form: login by code, signup,
 * password reset and the profile's bind/unbind dialogs. Addresses are normalised the way the API
 * stores them (emails lower-cased, phones E.164).
 */
export function useCodeFlow(purpose: CodePurpose, options: CodeFlowOptions = {}) {
  const errors = useServerErrors();
  const captcha = useRef<CaptchaHandle>(null);
  const sender = useCodeSender(captcha, errors);
  const [channel, setChannelState] = useState<Channel>(options.channel ?? 'ses');
  const [typed, setTyped] = useState('');
  const [code, setCodeState] = useState('');

  const raw = options.fixedAddress ?? typed;
  const address = channel === 'ses' ? raw.trim().toLowerCase() : normalizePhone(raw);
  const addressValid = channel === 'ses' ? isEmail(raw) : isPhone(raw);

  return {
    purpose,
    channel,
    errors,
    captcha,
    sender,
    /** what the user typed */
    typed,
    /** the normalised address to send */
    address,
    addressValid,
    addressFixed: options.fixedAddress !== undefined,
    addressError: errors.field(addressKey(channel)),
    code,
    codeComplete: code.length === 6,
    setChannel(next: Channel) {
      setChannelState(next);
      setTyped('');
      setCodeState('');
      sender.reset();
      errors.clear();
    },
    setAddress(value: string) {
      setTyped(value);
      errors.clearField(addressKey(channel));
      if (sender.sentTo) sender.reset();
    },
    setCode(value: string) {
      setCodeState(value);
      errors.clearField('code');
    },
    send: () => sender.send(channel, purpose, address),
  };
}

export type CodeFlow = ReturnType<typeof useCodeFlow>;
