import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../../lib/i18n.ts';
import type { EditorAction } from '../../state/action-types.ts';
import { formatChord } from '../../state/chords.ts';

/** Translates an action's `namespace:key` texts (its own feature's namespace, whichever that is). */
export function useActionText(): (key: TranslationKey) => string {
  // Typed keys are checked where actions are declared; here any namespace's key is passed through.
  const { t } = useTranslation();
  return useCallback((key: TranslationKey) => t(key as unknown as 'productName'), [t]);
}

/** "Undo (Ctrl+Z)": the label with the first shortcut, for a tooltip. */
export function labelWithKey(label: string, action: EditorAction): string {
  const chord = action.keys?.[0];
  return chord ? `${label} (${formatChord(chord)})` : label;
}
