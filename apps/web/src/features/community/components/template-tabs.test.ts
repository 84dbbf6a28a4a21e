import { describe, expect, it } from 'vitest';
import { placeSearch, templatePlace } from './template-tabs.ts';

const place = (search: string) => templatePlace(new URLSearchParams(search));

describe('the template page place in its URL', () => {
  it('opens the Tree tab by default and on an unknown tab', () => {
    expect(place('')).toEqual({ tab: 'tree', node: null, focus: null, suggestion: null });
    expect(place('tab=changes')).toEqual({ tab: 'tree', node: null, focus: null, suggestion: null });
  });

  it('reads the Discussion node filter and the Tree focus only on their own tab', () => {
    expect(place('tab=discussion&node=n1')).toEqual({ tab: 'discussion', node: 'n1', focus: null, suggestion: null });
    expect(place('tab=reviews&node=n1&focus=n2')).toEqual({
      tab: 'reviews',
      node: null,
      focus: null,
      suggestion: null,
    });
    expect(place('focus=n2')).toEqual({ tab: 'tree', node: null, focus: 'n2', suggestion: null });
  });

  it('selects the node of a deep link (`?node=`, learning mode or not) on the Tree tab', () => {
    expect(place('node=n3')).toEqual({ tab: 'tree', node: null, focus: 'n3', suggestion: null });
    expect(place('learn=1&node=n3').focus).toBe('n3');
  });

  it('reads an open suggestion on the Suggestions tab only, when it is a positive whole number', () => {
    expect(place('tab=suggestions&suggestion=12')).toEqual({
      tab: 'suggestions',
      node: null,
      focus: null,
      suggestion: 12,
    });
    expect(place('tab=suggestions&suggestion=0').suggestion).toBeNull();
    expect(place('tab=suggestions&suggestion=1e3').suggestion).toBeNull();
    expect(place('tab=history&suggestion=12')).toEqual({ tab: 'history', node: null, focus: null, suggestion: null });
  });

  it('writes only what the tab uses, without tab= for the Tree', () => {
    expect(placeSearch('tree').toString()).toBe('');
    expect(placeSearch('tree', { focus: 'a b' }).toString()).toBe('node=a+b');
    expect(placeSearch('discussion', { node: 'n1', focus: 'x' }).toString()).toBe('tab=discussion&node=n1');
    expect(placeSearch('reviews', { node: 'n1' }).toString()).toBe('tab=reviews');
    expect(placeSearch('discussion', { node: null }).toString()).toBe('tab=discussion');
    expect(placeSearch('suggestions', { suggestion: 7 }).toString()).toBe('tab=suggestions&suggestion=7');
    expect(placeSearch('history', { suggestion: 7 }).toString()).toBe('tab=history');
  });

  it('keeps learning mode across a change of tab, and nothing else of the old place', () => {
    const now = new URLSearchParams('learn=1&tab=discussion&node=n1');
    expect(placeSearch('tree', { focus: 'n1' }, now).toString()).toBe('learn=1&node=n1');
    expect(placeSearch('reviews', {}, now).toString()).toBe('learn=1&tab=reviews');
    expect(placeSearch('reviews', {}, new URLSearchParams('node=n1')).toString()).toBe('tab=reviews');
  });

  it('opens a tab a feature put in the page slot, when the page names it among its tabs', () => {
    const params = new URLSearchParams('tab=quiz');
    expect(templatePlace(params).tab).toBe('tree');
    expect(templatePlace(params, ['tree', 'reviews', 'quiz']).tab).toBe('quiz');
    expect(placeSearch('quiz').toString()).toBe('tab=quiz');
  });
});
