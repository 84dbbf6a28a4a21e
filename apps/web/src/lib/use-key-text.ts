import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from './i18n.ts';

/**
 * Translates keys kept as data (`namespace:key`, of whichever feature declared them: editor actions,
 * template tabs). The keys are typed where they are declared; here any namespace's key passes through.
 */
export function useKeyText(): (key: TranslationKey) => string {
  const { t } = useTranslation();
  return useCallback((key: TranslationKey) => t(key as unknown as 'productName'), [t]);
}
