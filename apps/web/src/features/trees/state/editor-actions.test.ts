import { createTreeDocument } from '@arbor/tree-core';
import { describe, expect, it } from 'vitest';
import { EditorCommands } from './commands.ts';
import { actionForKey, EDITOR_ACTIONS, formatChord, type EditorActionContext } from './editor-actions.ts';
import { EditorStore } from './editor-store.ts';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

function setup(readOnly = false) {
  const store = new EditorStore(createTreeDocument('Root'), 'root');
  const commands = new EditorCommands(store, { newNodeTitle: () => 'New' });
  const revealed: string[] = [];
  const ctx: EditorActionContext = { commands, readOnly, onReveal: (id) => revealed.push(id), onSearch: () => {} };
  const press = (...args: Parameters<typeof key>) => {
    const action = actionForKey(key(...args));
    if (!action || (readOnly && !action.allowedReadOnly)) return null;
    const selected = store.getState().selectedId;
    if (action.needsSelection && !selected) return null;
    action.run(ctx, selected);
    return action.id;
  };
  return { store, commands, press, revealed };
}

describe('editor action table', () => {
  it('maps every existing shortcut to its action, Ctrl and ⌘ alike', () => {
    expect(actionForKey(key('z', { ctrlKey: true }))?.id).toBe('undo');
    expect(actionForKey(key('z', { metaKey: true }))?.id).toBe('undo');
    expect(actionForKey(key('Z', { ctrlKey: true, shiftKey: true }))?.id).toBe('redo');
    expect(actionForKey(key('y', { ctrlKey: true }))?.id).toBe('redo');
    expect(actionForKey(key('Tab'))?.id).toBe('add-child');
    expect(actionForKey(key('Enter'))?.id).toBe('add-sibling');
    expect(actionForKey(key('Delete'))?.id).toBe('delete');
    expect(actionForKey(key('Backspace'))?.id).toBe('delete');
    expect(actionForKey(key('F2'))?.id).toBe('rename');
    expect(actionForKey(key(' '))?.id).toBe('toggle-collapsed');
    expect(actionForKey(key('c', { ctrlKey: true }))?.id).toBe('copy');
    expect(actionForKey(key('v', { metaKey: true }))?.id).toBe('paste');
    expect(actionForKey(key('f', { ctrlKey: true }))?.id).toBe('search');
    expect(actionForKey(key('Escape'))?.id).toBe('deselect');
    expect(actionForKey(key('ArrowDown'))?.id).toBe('select-down');
    expect(actionForKey(key('ArrowLeft', { altKey: true }))?.id).toBe('move-left');
    // exactly the chord's modifiers: Ctrl+Tab is the browser's, not the editor's
    expect(actionForKey(key('Tab', { ctrlKey: true }))).toBeUndefined();
    expect(actionForKey(key('x'))).toBeUndefined();
  });

  it('has unique ids and chords', () => {
    const ids = EDITOR_ACTIONS.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    const chords = EDITOR_ACTIONS.flatMap((a) => a.keys);
    expect(new Set(chords).size).toBe(chords.length);
  });

  it('leaves the digits 1–4 free: learning mode sets a node status with them', () => {
    const chords = EDITOR_ACTIONS.flatMap((action) => action.keys as readonly string[]);
    for (const digit of ['1', '2', '3', '4']) expect(chords).not.toContain(digit);
  });

  it('formats shortcuts for tooltips, with ⌘ on a Mac', () => {
    expect(formatChord('mod+z', false)).toBe('Ctrl+Z');
    expect(formatChord('shift+mod+z', false)).toBe('Shift+Ctrl+Z');
    expect(formatChord('Tab', false)).toBe('Tab');
    expect(formatChord('mod+z', true)).toBe('⌘Z');
    expect(formatChord('shift+mod+z', true)).toBe('⇧⌘Z');
    expect(formatChord('alt+ArrowUp', true)).toBe('⌥↑');
  });

  it('builds, moves along and undoes from the keyboard', () => {
    const { store, press, revealed } = setup();
    expect(press('Tab')).toBe('add-child');
    const child = store.getState().selectedId!;
    expect(revealed).toEqual([child]);
    store.startEditing(null);
    expect(press('Enter')).toBe('add-sibling');
    const sibling = store.getState().selectedId!;
    // top-down: Left is the previous sibling, Up the parent
    press('ArrowLeft');
    expect(store.getState().selectedId).toBe(child);
    press('ArrowUp');
    expect(store.getState().selectedId).toBe('root');
    press('z', { ctrlKey: true });
    expect(store.getState().doc.nodes.map((n) => n.id)).toEqual(['root', child]);
    press('Z', { ctrlKey: true, shiftKey: true });
    expect(store.getState().doc.nodes.map((n) => n.id)).toEqual(['root', child, sibling]);
  });

  it('reorders siblings with Alt+arrow, and only moves the selection on a read-only tree', () => {
    const { store, commands, press } = setup();
    const a = commands.addChild('root')!;
    const b = commands.addSibling(a)!;
    store.select(b);
    press('ArrowLeft', { altKey: true });
    expect(
      store
        .getState()
        .doc.nodes.filter((n) => n.parent_id === 'root')
        .map((n) => n.id),
    ).toEqual([b, a]);

    const viewer = setup(true);
    expect(viewer.press('Tab')).toBeNull();
    expect(viewer.press('Escape')).toBe('deselect');
    expect(viewer.store.getState().selectedId).toBeNull();
  });
});
