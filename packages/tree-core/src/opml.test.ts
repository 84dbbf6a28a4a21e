import { describe, expect, it } from 'vitest';
import { createNode, type TreeDocument } from './document.ts';
import { exportOpml, importOpml } from './opml.ts';

const doc: TreeDocument = {
  format: 1,
  layout: { direction: 'LR' },
  unlock: 'parent',
  nodes: [
    createNode({ id: 'root', parent_id: null, title: 'Web <basics> & "more"', summary: 'Start here' }),
    createNode({
      id: 'html',
      parent_id: 'root',
      title: 'HTML',
      content: '# Tags\n\nLine two\twith a tab',
      icon: 'code',
      color: '#ff8800',
      estimate_minutes: 90,
      resources: [{ title: 'MDN', url: 'https://developer.mozilla.org/' }],
    }),
    createNode({ id: 'css', parent_id: 'root', title: 'CSS' }),
    createNode({ id: 'flex', parent_id: 'css', title: 'Flexbox' }),
  ],
  links: [{ source: 'html', target: 'css', kind: 'prerequisite' }],
};

describe('OPML', () => {
  it('exports an outline every outliner reads and imports it back whole', () => {
    const opml = exportOpml(doc);
    expect(opml).toContain('<opml version="2.0">');
    expect(opml).toContain('text="Web &lt;basics&gt; &amp; &quot;more&quot;"');
    expect(opml).toContain('_note="Start here"');
    const back = importOpml(opml);
    if (!back.ok) throw new Error(back.issues[0]!.message);
    expect(back.document).toEqual(doc);
  });

  it("reads another outliner's file: titles, notes, nesting, several top-level entries under a new root", () => {
    const result = importOpml(
      `<?xml version="1.0"?>
      <!-- written by an outliner -->
      <opml version="2.0"><head><title>Reading list</title></head><body>
        <outline text="Books" _note="Long &amp; short"><outline text="Dune"/></outline>
        <outline text="Papers"><outline title="Attention"/></outline>
      </body></opml>`,
    );
    if (!result.ok) throw new Error(result.issues[0]!.message);
    const titles = result.document.nodes.map((n) => `${n.parent_id === null ? '' : '  '}${n.title}`);
    expect(titles).toEqual(['Reading list', '  Books', '  Dune', '  Papers', '  Attention']);
    expect(result.document.nodes[1]!.summary).toBe('Long & short');
    expect(result.document.nodes[2]!.parent_id).toBe(result.document.nodes[1]!.id);
  });

  it('refuses what is not OPML, and never expands a document type', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">]><opml version="2.0"><body><outline text="&lol;"/></body></opml>`;
    for (const text of [
      'not xml',
      '<opml><body>',
      '<html><body/></html>',
      laughs,
      '<opml version="2.0"><body></body></opml>',
    ]) {
      const result = importOpml(text);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.issues[0]!.code).toBe('invalid');
    }
  });

  it('keeps invalid Arbor fields out rather than refusing the file', () => {
    const result = importOpml(
      '<opml version="2.0"><body><outline text="A" arborId="bad id!" arborColor="red" arborEstimate="-3" arborResources="[{&quot;url&quot;:&quot;javascript:x&quot;}]" arborLinks="nonsense"/></body></opml>',
    );
    if (!result.ok) throw new Error(result.issues[0]!.message);
    const [node] = result.document.nodes;
    expect(node).toMatchObject({ title: 'A', color: null, estimate_minutes: null, resources: [] });
    expect(node!.id).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});
