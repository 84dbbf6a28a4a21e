import { currentLocale, isLocale, setLocale } from '../../../lib/i18n.ts';
import { signIn, type LoginAnswer } from '../../../lib/session.ts';

/**
 * Stores the session and brings the UI to the account's language: the profile's locale is the
 * user's choice across devices, so logging in on a new one speaks it at once.
 */
export function completeLogin(answer: LoginAnswer) {
  signIn(answer);
  const locale = answer.user.profile.locale;
  if (isLocale(locale) && locale !== currentLocale()) setLocale(locale);
}
