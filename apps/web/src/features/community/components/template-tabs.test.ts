import { describe, expect, it } from 'vitest';
import { placeSearch, templatePlace } from './template-tabs.ts';

const place = (search: string) => templatePlace(new URLSearchParams(search));

describe('the template page place in its URL', () => {
  it('opens the Tree tab by default and on an unknown tab', () => {
    expect(place('')).toEqual({ tab: 'tree', node: null, focus: null });
    expect(place('tab=changes')).toEqual({ tab: 'tree', node: null, focus: null });
  });

  it('reads the Discussion node filter and the Tree focus only on their own tab', () => {
    expect(place('tab=discussion&node=n1')).toEqual({ tab: 'discussion', node: 'n1', focus: null });
    expect(place('tab=reviews&node=n1&focus=n2')).toEqual({ tab: 'reviews', node: null, focus: null });
    expect(place('focus=n2')).toEqual({ tab: 'tree', node: null, focus: 'n2' });
  });

  it('writes only what the tab uses, without tab= for the Tree', () => {
    expect(placeSearch('tree').toString()).toBe('');
    expect(placeSearch('tree', { focus: 'a b' }).toString()).toBe('focus=a+b');
    expect(placeSearch('discussion', { node: 'n1', focus: 'x' }).toString()).toBe('tab=discussion&node=n1');
    expect(placeSearch('reviews', { node: 'n1' }).toString()).toBe('tab=reviews');
    expect(placeSearch('discussion', { node: null }).toString()).toBe('tab=discussion');
  });
});
