import { useEffect, useRef } from 'react';
import { publishPageCommands } from '../../../../lib/page-commands.ts';
import type { EditorAction, EditorActionContext } from '../../state/action-types.ts';
import { isActionEnabled } from '../../state/action-state.ts';
import { formatChord } from '../../state/chords.ts';
import { useActionText } from './action-text.ts';

/**
 * Offers the editor's actions in the command palette while the editor is open: those that can run
 * now, keyboard-only moves along the tree left out (they need the canvas), bound ones too (their
 * state lives in their buttons).
 */
export function usePublishedPaletteCommands(actions: readonly EditorAction[], ctx: EditorActionContext) {
  const text = useActionText();
  // A command runs against the editor as it is when chosen, not as it was when published.
  const latest = useRef(ctx);
  useEffect(() => {
    latest.current = ctx;
  });
  const commands = actions
    .filter((action) => !action.useBinding && (action.place || action.anywhere) && isActionEnabled(action, ctx))
    .map((action) => ({
      id: action.id,
      title: text(action.labelKey),
      shortcut: action.keys?.[0] ? formatChord(action.keys[0]) : undefined,
      icon: action.icon,
      run: () => action.run(latest.current.atPress()),
    }));
  const signature = commands.map((command) => `${command.id}:${command.title}`).join('|');
  useEffect(() => publishPageCommands(commands), [signature]); // eslint-disable-line react-hooks/exhaustive-deps
}
