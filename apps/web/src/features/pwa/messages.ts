import zhCN from '../../i18n/offline/zh-CN.json';
import { DEFAULT_LOCALE, i18n } from '../../lib/i18n.ts';

/**
 * Adds the `offline` namespace's default-locale messages (lib/i18n.ts keeps them out of the first
 * bundle; the other locales' chunks carry them already). Every entry point of this feature calls it
 * before it translates.
 */
export function ensureOfflineMessages() {
  if (!i18n.hasResourceBundle(DEFAULT_LOCALE, 'offline'))
    i18n.addResourceBundle(DEFAULT_LOCALE, 'offline', zhCN, true, true);
}
