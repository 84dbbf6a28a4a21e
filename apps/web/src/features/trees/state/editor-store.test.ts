import { createTreeDocument } from '@arbor/tree-core';
import { describe, expect, it } from 'vitest';
import { EditorCommands } from './commands.ts';
import { EditorStore } from './editor-store.ts';

function setup() {
  const store = new EditorStore(createTreeDocument('Root'), 'root');
  const refused: string[] = [];
  const commands = new EditorCommands(store, { newNodeTitle: () => 'New', onRefused: (e) => refused.push(e.message) });
  return { store, commands, refused };
}

describe('editor commands with undo/redo', () => {
  it('adds a child with Tab semantics: selected and in title editing', () => {
    const { store, commands } = setup();
    const id = commands.addChild()!;
    expect(store.getState().doc.nodes.map((n) => n.parent_id)).toEqual([null, 'root']);
    expect(store.getState().selectedId).toBe(id);
    expect(store.getState().editingId).toBe(id);
  });

  it('adds a sibling after the selection, or a child when the root is selected', () => {
    const { store, commands } = setup();
    const a = commands.addSibling()!;
    const b = commands.addSibling(a)!;
    expect(
      store
        .getState()
        .doc.nodes.filter((n) => n.parent_id === 'root')
        .map((n) => n.id),
    ).toEqual([a, b]);
  });

  it('undoes and redoes every edit, and deleting a subtree is undoable', () => {
    const { store, commands } = setup();
    const a = commands.addChild('root')!;
    commands.addChild(a);
    commands.deleteSubtree(a);
    expect(store.getState().doc.nodes).toHaveLength(1);
    commands.undo();
    expect(store.getState().doc.nodes).toHaveLength(3);
    commands.undo();
    commands.undo();
    expect(store.getState().doc.nodes).toHaveLength(1);
    commands.redo();
    expect(store.getState().doc.nodes).toHaveLength(2);
  });

  it('folds consecutive typing into one field into a single undo step', () => {
    const { store, commands } = setup();
    commands.update('root', { content: 'H' }, 'content');
    commands.update('root', { content: 'He' }, 'content');
    commands.update('root', { content: 'Hey' }, 'content');
    expect(store.getState().past).toHaveLength(1);
    commands.undo();
    expect(store.getState().doc.nodes[0]!.content).toBe('');
  });

  it('refuses to delete the root or move a node into its own subtree, changing nothing', () => {
    const { store, commands, refused } = setup();
    expect(commands.deleteSubtree('root')).toBe(false);
    const a = commands.addChild('root')!;
    const b = commands.addChild(a)!;
    const before = store.getState().doc;
    expect(commands.drop(a, b, 'child')).toBe(false);
    expect(store.getState().doc).toBe(before);
    expect(refused).toHaveLength(1);
  });

  it('copies and pastes a subtree with fresh ids', () => {
    const { store, commands } = setup();
    const a = commands.addChild('root', { title: 'A' })!;
    commands.addChild(a, { title: 'A1' });
    commands.copy(a);
    const pasted = commands.paste('root')!;
    const doc = store.getState().doc;
    expect(doc.nodes).toHaveLength(5);
    expect(pasted).not.toBe(a);
    expect(doc.nodes.find((n) => n.parent_id === pasted)?.title).toBe('A1');
  });

  it('reorders siblings and drops a node before another', () => {
    const { store, commands } = setup();
    const a = commands.addChild('root', { title: 'A' })!;
    const b = commands.addChild('root', { title: 'B' })!;
    const c = commands.addChild('root', { title: 'C' })!;
    commands.reorder(c, -1);
    const order = () =>
      store
        .getState()
        .doc.nodes.filter((n) => n.parent_id === 'root')
        .map((n) => n.id);
    expect(order()).toEqual([a, c, b]);
    commands.drop(b, a, 'before');
    expect(order()).toEqual([b, a, c]);
  });
});
