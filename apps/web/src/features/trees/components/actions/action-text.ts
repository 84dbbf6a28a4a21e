import type { EditorAction } from '../../state/action-types.ts';
import { formatChord } from '../../state/chords.ts';

export { useKeyText as useActionText } from '../../../../lib/use-key-text.ts';

/** "Undo (Ctrl+Z)": the label with the first shortcut, for a tooltip. */
export function labelWithKey(label: string, action: EditorAction): string {
  const chord = action.keys?.[0];
  return chord ? `${label} (${formatChord(chord)})` : label;
}
