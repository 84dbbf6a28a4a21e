// The editor's action registry with every feature's extension registered (as the app does at start):
// each entry is named in every UI language and reachable, by a key or a place on the toolbar or a menu.
import { describe, expect, it } from 'vitest';
import { ACTION_GROUPS, loadAllEditorActions, type EditorAction } from '../features/trees/index.ts';
import { buildResources, LOCALES } from '../lib/i18n.ts';
import './feature-extensions.ts';

const resources = buildResources(
  import.meta.glob<Record<string, unknown>>('../i18n/*/*.json', { eager: true, import: 'default' }) as Record<
    string,
    Record<string, unknown>
  >,
);

/** The message of a `namespace:key` in one locale, or undefined. */
function message(locale: string, key: string): unknown {
  const [namespace, path] = key.includes(':') ? key.split(':', 2) : ['common', key];
  return path!
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      resources[locale]?.[namespace!],
    );
}

const untranslated = (key: string) =>
  LOCALES.filter((locale) => {
    const text = message(locale, key);
    return typeof text !== 'string' || text.trim() === '';
  }).map((locale) => `${key} (${locale})`);

describe('the editor action registry', () => {
  it("holds the extensions' actions beside the built-in ones", async () => {
    const ids = (await loadAllEditorActions()).map((action) => action.id);
    expect(ids).toEqual(expect.arrayContaining(['undo', 'save', 'shortcuts', 'share', 'learning-mode', 'study-plan']));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('names every action, its description and its group in zh-CN, en-US and ja-JP', async () => {
    const actions = await loadAllEditorActions();
    const keys = [
      ...actions.flatMap((action: EditorAction) => [
        action.labelKey,
        ...(action.descriptionKey ? [action.descriptionKey] : []),
      ]),
      ...ACTION_GROUPS.flatMap(([, layout]) => (layout.labelKey ? [layout.labelKey] : [])),
    ];
    expect(keys.flatMap(untranslated)).toEqual([]);
  });

  it('gives every action a key or a place on the toolbar or in a menu', async () => {
    const unreachable = (await loadAllEditorActions())
      .filter((action) => !(action.keys?.length || action.place))
      .map((action) => action.id);
    expect(unreachable).toEqual([]);
  });

  it('keeps the keys to actions whose state the keyboard can read (bound actions have none)', async () => {
    const bound = (await loadAllEditorActions()).filter((action) => action.useBinding && action.keys?.length);
    expect(bound.map((action) => action.id)).toEqual([]);
  });
});
