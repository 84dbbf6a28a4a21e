import { createTreeDocument } from '@arbor/tree-core';
import { describe, expect, it, vi } from 'vitest';
import type { Tree } from '../api/types.ts';
import type { EditorActionContext, EditorChrome } from './action-types.ts';
import { formatChord } from './chords.ts';
import { EditorCommands } from './commands.ts';
import { actionForKey as actionIn, dispatchKey, type KeyScope } from './dispatch-key.ts';
import { EDITOR_ACTIONS } from './editor-actions.ts';
import { EditorStore } from './editor-store.ts';

type Mods = Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>>;

const key = (k: string, mods: Mods = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

const actionForKey = (event: ReturnType<typeof key>) => actionIn(event, EDITOR_ACTIONS);

/** A key event as `dispatchKey` sees it, remembering whether its default was prevented. */
const keyEvent = (k: string, mods: Mods = {}) => {
  const event = { ...key(k, mods), defaultPrevented: false, isComposing: false, preventDefault: () => {} };
  event.preventDefault = () => {
    event.defaultPrevented = true;
  };
  return event;
};

function setup(readOnly = false) {
  const store = new EditorStore(createTreeDocument('Root'), 'root');
  const commands = new EditorCommands(store, { newNodeTitle: () => 'New' });
  const revealed: string[] = [];
  const chrome = {
    isPhone: false,
    reveal: (id: string) => revealed.push(id),
    focusSearch: vi.fn(),
    save: vi.fn(),
    showShortcuts: vi.fn(),
    nodePanelHidden: false,
  } as unknown as EditorChrome;
  const tree = {
    id: 1,
    uuid: 'u',
    title: 'Root',
    abilities: { manage_versions: true, share: true },
  } as unknown as Tree;
  /** the context at a key press: the store as it is now */
  const context = (): EditorActionContext => {
    const now = store.getState();
    return {
      atPress: context,
      tree,
      doc: now.doc,
      readOnly,
      commands,
      exportPng: () => Promise.resolve(new Blob()),
      flushSave: () => Promise.resolve(true),
      applyServerChange: (change) => change(1),
      selectedId: now.selectedId,
      canUndo: now.past.length > 0,
      canRedo: now.future.length > 0,
      chrome,
    };
  };
  const dispatch = (event: ReturnType<typeof keyEvent>, scope: KeyScope = 'canvas') =>
    dispatchKey(event, context(), EDITOR_ACTIONS, scope);
  const press = (...args: Parameters<typeof key>) => dispatch(keyEvent(...args))?.id ?? null;
  return { store, commands, press, dispatch, revealed, chrome };
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
    const chords = EDITOR_ACTIONS.flatMap((a) => a.keys ?? []);
    expect(new Set(chords).size).toBe(chords.length);
  });

  it('leaves the digits 1–4 free: learning mode sets a node status with them', () => {
    const chords = EDITOR_ACTIONS.flatMap((action) => action.keys ?? []);
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

  it('saves with Ctrl/⌘+S from anywhere in the editor, never opening the browser\'s "Save page as"', () => {
    const { dispatch, chrome } = setup();
    for (const scope of ['canvas', 'field', 'outside'] as const) {
      const event = keyEvent('s', { ctrlKey: true });
      expect(dispatch(event, scope)?.id).toBe('save');
      expect(event.defaultPrevented).toBe(true);
    }
    const mac = keyEvent('S', { metaKey: true });
    expect(dispatch(mac)?.id).toBe('save');
    expect(mac.defaultPrevented).toBe(true);
    expect(chrome.save).toHaveBeenCalledTimes(4);
    // a read-only tree has nothing to save, but the browser's dialog stays closed there too
    const viewer = setup(true);
    const event = keyEvent('s', { ctrlKey: true });
    expect(viewer.dispatch(event)?.id).toBe('save');
    expect(event.defaultPrevented).toBe(true);
  });

  it('leaves keys typed in a text field or outside the canvas to them', () => {
    const { store, dispatch } = setup();
    const typed = keyEvent('z', { ctrlKey: true });
    store.startEditing(null);
    expect(dispatch(keyEvent('Tab'), 'field')).toBeNull();
    expect(dispatch(typed, 'field')).toBeNull();
    expect(typed.defaultPrevented).toBe(false);
    expect(dispatch(keyEvent('?', { shiftKey: true }), 'field')).toBeNull();
    expect(dispatch(keyEvent('Delete'), 'outside')).toBeNull();
    expect(store.getState().doc.nodes).toHaveLength(1);
  });

  it("undoes with Mod+Z and redoes with Mod+Shift+Z, preventing the browser's own", () => {
    const { store, commands, dispatch } = setup();
    commands.addChild('root');
    const undo = keyEvent('z', { metaKey: true });
    expect(dispatch(undo)?.id).toBe('undo');
    expect(undo.defaultPrevented).toBe(true);
    expect(store.getState().doc.nodes).toHaveLength(1);
    expect(dispatch(keyEvent('z', { metaKey: true }))).toBeNull(); // nothing left to undo
    expect(dispatch(keyEvent('Z', { metaKey: true, shiftKey: true }))?.id).toBe('redo');
    expect(store.getState().doc.nodes).toHaveLength(2);
  });

  it('opens the shortcut sheet with ?, with or without the Shift that types it', () => {
    const { dispatch, chrome } = setup(true);
    expect(dispatch(keyEvent('?', { shiftKey: true }))?.id).toBe('shortcuts');
    expect(dispatch(keyEvent('?'))?.id).toBe('shortcuts');
    expect(chrome.showShortcuts).toHaveBeenCalledTimes(2);
    expect(formatChord('?', false)).toBe('?');
  });

  it('skips a key already handled or typed while composing (an input method)', () => {
    const { dispatch } = setup();
    const handled = keyEvent('s', { ctrlKey: true });
    handled.defaultPrevented = true;
    expect(dispatch(handled)).toBeNull();
    expect(dispatch({ ...keyEvent('Tab'), isComposing: true })).toBeNull();
  });
});
