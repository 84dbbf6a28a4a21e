import 'altcha';
import { Input } from '@mantine/core';
import { useEffect, useImperativeHandle, useMemo, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './Captcha.module.css';

const CAPTCHA_CHALLENGE_URL = '/api/captcha/challenge/';
/** Upper bound on waiting for a solution; the server's challenges solve in well under a second. */
const SOLVE_TIMEOUT_MS = 60_000;

export interface CaptchaHandle {
  /**
   * Resolves with a solved ALTCHA payload and hands it over: the server accepts each payload once, so
   * the widget immediately starts solving a fresh challenge for the next call (a signup needs one for
   * the code send and another for the signup itself).
   */
  take(): Promise<string>;
}

type WidgetElement = HTMLElement & AltchaWidgetMethods;

interface CaptchaProps {
  ref?: Ref<CaptchaHandle>;
  /** message under the widget (a server `fields.altcha` or a failed solve) */
  error?: string | undefined;
}

/**
 * The real ALTCHA widget (`<altcha-widget>`), fetching challenges from our server and solving the
 * proof of work in a web worker. It starts on load so the user normally finds it already verified;
 * clicking it retries after an error. Labels come from our i18n so it speaks the UI language.
 */
export function Captcha({ ref, error }: CaptchaProps) {
  const { t } = useTranslation('auth');
  const widgetRef = useRef<WidgetElement>(null);
  const payloadRef = useRef<string | null>(null);
  const waitersRef = useRef<Array<{ resolve: (payload: string) => void; reject: (error: Error) => void }>>([]);

  const strings = useMemo(
    () =>
      JSON.stringify({
        label: t('captcha.label'),
        verifying: t('captcha.verifying'),
        verified: t('captcha.verified'),
        error: t('captcha.error'),
        expired: t('captcha.expired'),
        verificationRequired: t('captcha.required'),
        waitAlert: t('captcha.wait'),
        loading: t('captcha.loading'),
        reload: t('captcha.reload'),
        verify: t('captcha.verify'),
        enterCode: t('captcha.enterCode'),
        enterCodeAria: t('captcha.enterCode'),
        getAudioChallenge: t('captcha.audio'),
        ariaLinkLabel: t('captcha.about'),
        footer: '',
      }),
    [t],
  );

  // Listeners are attached in an effect on the element itself: React would map `onstatechange` to a
  // property, and the widget reports through DOM events.
  useEffect(() => {
    const widget = widgetRef.current;
    if (!widget) return;
    const onState = (event: Event) => {
      const { state, payload } = (event as AltchaStateChangeEvent).detail;
      if (state === 'verified' && payload) {
        payloadRef.current = payload;
        const waiters = waitersRef.current;
        waitersRef.current = [];
        waiters.forEach((waiter) => waiter.resolve(payload));
      } else if (state !== 'verified') {
        payloadRef.current = null;
      }
      // A failed solve (challenge not reachable, say) fails the waiting send now rather than at the
      // timeout; the widget shows its own retry.
      if (state === 'error') {
        const waiters = waitersRef.current;
        waitersRef.current = [];
        waiters.forEach((waiter) => waiter.reject(new Error('captcha failed')));
      }
    };
    widget.addEventListener('statechange', onState);
    return () => widget.removeEventListener('statechange', onState);
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      take: () => {
        const widget = widgetRef.current;
        if (!widget) return Promise.reject(new Error('captcha not mounted'));
        const handOver = (payload: string) => {
          payloadRef.current = null;
          widget.reset();
          void widget.verify();
          return payload;
        };
        if (payloadRef.current) return Promise.resolve(handOver(payloadRef.current));
        return new Promise<string>((resolve, reject) => {
          const timer = window.setTimeout(() => reject(new Error('captcha timeout')), SOLVE_TIMEOUT_MS);
          waitersRef.current.push({
            resolve: (payload) => {
              window.clearTimeout(timer);
              resolve(handOver(payload));
            },
            reject: (error) => {
              window.clearTimeout(timer);
              reject(error);
            },
          });
          // Not already working on one (never started, failed or expired): start now.
          if (widget.getState?.() !== 'verifying') void widget.verify?.();
        });
      },
    }),
    [],
  );

  return (
    <Input.Wrapper error={error}>
      <div className={classes.widget}>
        <altcha-widget
          ref={widgetRef}
          challengeurl={CAPTCHA_CHALLENGE_URL}
          auto="onload"
          hidefooter
          // The logo is a link the widget marks aria-hidden yet leaves focusable (axe: aria-hidden-focus).
          hidelogo
          strings={strings}
        />
      </div>
    </Input.Wrapper>
  );
}
