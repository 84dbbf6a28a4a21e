import { addChild, createTreeDocument } from '@arbor/tree-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportTreeImage } from './export-image.ts';

afterEach(() => vi.restoreAllMocks());

describe('exportTreeImage', () => {
  it('exports an SVG with the Tabler icon a node shows on the canvas, and letters for the others', async () => {
    // jsdom has no canvas: characters are measured by the estimate.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    let doc = createTreeDocument('Root');
    doc = addChild(doc, 'root', { id: 'py', title: 'Python', icon: 'tabler:brand-python' }).document;
    doc = addChild(doc, 'root', { id: 'x', title: 'Unknown icon', icon: 'tabler:no-such-icon' }).document;
    const blob = await exportTreeImage(doc, 'svg');
    expect(blob.type).toBe('image/svg+xml');
    const xml = new DOMParser().parseFromString(await blob.text(), 'image/svg+xml');
    expect(xml.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(xml.querySelectorAll('use.icon')).toHaveLength(1);
    const icon = xml.querySelector('defs > symbol')!;
    expect(icon.querySelectorAll('path').length).toBeGreaterThan(1);
    expect(icon.innerHTML).not.toContain('class=');
    expect([...xml.querySelectorAll('text.monogram')].map((t) => t.textContent)).toEqual(['R', 'U']);
  });
});
