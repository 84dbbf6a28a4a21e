import {
  exportJsonCanvas,
  exportMarkdownOutline,
  exportOpml,
  validateTreeDocument,
  type TreeIssue,
} from '@arbor/tree-core';
import { describe, expect, it } from 'vitest';
import { formatOfFile, maxImportFileBytes, previewImport, previewImportFile, readIssue } from './import-preview.ts';

const options = { rootTitle: 'Fallback' };

function preview(text: string, opts: Parameters<typeof previewImport>[2] = options) {
  const result = previewImport(text, 'json', opts);
  if (!result.ok) throw new Error(`expected a preview, got ${JSON.stringify(result.problem)}`);
  return result.preview;
}

function problem(
  text: string,
  format: 'json' | 'markdown' | 'opml' | 'canvas' = 'json',
  opts: Parameters<typeof previewImport>[2] = options,
) {
  const result = previewImport(text, format, opts);
  if (result.ok) throw new Error('expected a problem');
  return result.problem;
}

const exported = {
  format: 1,
  author: 'someone',
  layout: { direction: 'LR', zoom: 2 },
  nodes: [
    { id: 'root', parent_id: null, title: 'Cooking', image_id: 7, tags: ['x'] },
    { id: 'knife', parent_id: 'root', title: 'Knife skills', image_id: 8, tags: [] },
    {
      id: 'heat',
      parent_id: 'root',
      title: 'Heat',
      resources: [{ title: 'Guide', url: 'https://example.com', lang: 'en' }],
    },
  ],
  links: [
    { source: 'knife', target: 'heat', kind: 'prerequisite' },
    { source: 'knife', target: 'gone', kind: 'related' },
    { source: 'heat', target: 'heat' },
    { source: 'knife', target: 'heat', kind: 'related', weight: 3 },
  ],
};

describe('previewImport of a JSON document', () => {
  it('counts the title, nodes and kept links and reports what it drops', () => {
    const p = preview(JSON.stringify(exported));
    expect(p.title).toBe('Cooking');
    expect(p.nodeCount).toBe(3);
    expect(p.linkCount).toBe(1);
    expect(p.changes.images).toBe(2);
    expect(p.changes.danglingLinks).toBe(1);
    expect(p.changes.selfLinks).toBe(1);
    expect(p.changes.duplicateLinks).toBe(1);
    expect(p.changes.unknownFields).toEqual(
      expect.arrayContaining([
        { place: 'document', name: 'author', count: 1 },
        { place: 'layout', name: 'zoom', count: 1 },
        { place: 'node', name: 'tags', count: 2 },
        { place: 'resource', name: 'lang', count: 1 },
        { place: 'link', name: 'weight', count: 1 },
      ]),
    );
    expect(p.changes.unknownFields).toHaveLength(5);
  });

  it('returns the document that will be written: valid, without the dropped images and links', () => {
    const p = preview(JSON.stringify(exported));
    expect(validateTreeDocument(p.document).ok).toBe(true);
    expect(p.document.nodes.map((n) => n.image_id)).toEqual([null, null, null]);
    expect(p.document.links).toEqual([{ source: 'knife', target: 'heat', kind: 'prerequisite' }]);
    expect(p.document.layout.direction).toBe('LR');
    expect(JSON.stringify(p.document)).not.toContain('tags');
  });

  it('keeps the image ids of the tree being replaced and drops the others', () => {
    const p = preview(JSON.stringify(exported), { ...options, keepImageIds: new Set([7]) });
    expect(p.changes.images).toBe(1);
    expect(p.document.nodes.map((n) => n.image_id)).toEqual([7, null, null]);
  });

  it('reports nothing for a clean document', () => {
    const p = preview(JSON.stringify({ nodes: [{ id: 'a', parent_id: null, title: 'A' }] }));
    expect(p).toMatchObject({ title: 'A', nodeCount: 1, linkCount: 0 });
    expect(p.changes).toEqual({
      images: 0,
      danglingLinks: 0,
      selfLinks: 0,
      duplicateLinks: 0,
      unknownFields: [],
      lostImages: 0,
      lostFields: 0,
      lostLinks: 0,
    });
  });

  it('reads an exported tree object that carries the document in data, without reporting its wrapper', () => {
    const p = preview(JSON.stringify({ title: 'Wrapper', uuid: 'x', data: exported }));
    expect(p.title).toBe('Cooking');
    expect(p.changes.unknownFields.map((f) => f.name)).not.toContain('uuid');
  });

  it('refuses what is not JSON, not a tree, or has no nodes', () => {
    expect(problem('{ "nodes": [')).toEqual({ kind: 'notJson' });
    expect(problem('[1, 2]')).toEqual({ kind: 'notATree' });
    expect(problem('{"title": "x"}')).toEqual({ kind: 'notATree' });
    expect(problem('{"nodes": []}')).toEqual({ kind: 'noNodes' });
  });

  it('refuses more nodes than the limit, and a document over the byte limit', () => {
    const nodes = [
      { id: 'r', parent_id: null, title: 'R' },
      ...[1, 2, 3].map((i) => ({ id: `n${i}`, parent_id: 'r', title: 'x'.repeat(150) })),
    ];
    expect(problem(JSON.stringify({ nodes }), 'json', { ...options, limits: { maxNodes: 3, maxBytes: 1e6 } })).toEqual({
      kind: 'tooManyNodes',
      count: 4,
      max: 3,
    });
    const large = problem(JSON.stringify({ nodes }), 'json', { ...options, limits: { maxNodes: 10, maxBytes: 300 } });
    expect(large).toMatchObject({ kind: 'tooLarge', maxBytes: 300 });
    expect(large.kind === 'tooLarge' && large.bytes).toBeGreaterThan(300);
  });

  it('refuses a document that fails validation, with the issues', () => {
    const broken = problem(
      JSON.stringify({
        nodes: [
          { id: 'r', parent_id: null, title: 'R' },
          { id: 'a', parent_id: 'nowhere', title: 'A' },
        ],
      }),
    );
    expect(broken.kind).toBe('invalid');
    expect(broken.kind === 'invalid' && broken.issues.map(readIssue)).toEqual([
      { kind: 'missingParent', node: 'a', parent: 'nowhere' },
    ]);
  });
});

describe('previewImport of a Markdown outline', () => {
  it('counts the outline and drops nothing', () => {
    const result = previewImport('# Cooking\n- Knife\n  - Dicing\n- Heat\n', 'markdown', options);
    expect(result.ok && result.preview).toMatchObject({
      title: 'Cooking',
      nodeCount: 4,
      linkCount: 0,
      format: 'markdown',
    });
  });

  it('names the root after rootTitle when there are several top entries', () => {
    const result = previewImport('- A\n- B\n', 'markdown', options);
    expect(result.ok && result.preview.title).toBe('Fallback');
  });

  it('refuses an empty file', () => {
    expect(problem('  \n', 'markdown')).toEqual({ kind: 'empty' });
  });
});

describe('previewImportFile', () => {
  const file = (name: string, text: string, size = text.length) => ({ name, size, text: () => Promise.resolve(text) });

  it('refuses a file larger than twice the document limit without reading it', async () => {
    const unread = { name: 'big.json', size: maxImportFileBytes() + 1, text: () => Promise.reject(new Error('read')) };
    await expect(previewImportFile(unread, options)).resolves.toEqual({
      ok: false,
      problem: { kind: 'tooLarge', bytes: maxImportFileBytes() + 1, maxBytes: maxImportFileBytes() },
    });
  });

  it('picks the reader from the file name, or from the content', async () => {
    expect(formatOfFile('a.JSON', '# x')).toBe('json');
    expect(formatOfFile('a.md', '{')).toBe('markdown');
    expect(formatOfFile('a', ' {"nodes": []}')).toBe('json');
    const result = await previewImportFile(file('outline.txt', '# T\n- a\n'), options);
    expect(result.ok && result.preview.nodeCount).toBe(2);
  });
});

describe('previewImport of the open formats', () => {
  const tree = validateTreeDocument({
    nodes: [
      { id: 'root', parent_id: null, title: 'Cooking <& "friends">' },
      { id: 'knife', parent_id: 'root', title: 'Knife skills', summary: 'Sharp' },
      { id: 'heat', parent_id: 'root', title: 'Heat' },
    ],
    links: [{ source: 'knife', target: 'heat', kind: 'prerequisite' }],
  });
  if (!tree.ok) throw new Error('fixture');

  it('previews an OPML export with its titles, nodes and links', () => {
    const result = previewImport(exportOpml(tree.document), 'opml', options);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.preview).toMatchObject({
      format: 'opml',
      title: 'Cooking <& "friends">',
      nodeCount: 3,
      linkCount: 1,
    });
    expect(result.preview.document.nodes.find((n) => n.id === 'knife')?.summary).toBe('Sharp');
  });

  describe('replacing a tree whose nodes have images', () => {
    const withImages = {
      ...tree.document,
      nodes: tree.document.nodes.map((n) => (n.id === 'root' ? n : { ...n, image_id: n.id === 'knife' ? 11 : 12 })),
    };
    const replacing = { ...options, keepImageIds: new Set([11, 12]), replacing: withImages };
    const imageIds = (doc: { nodes: Array<{ id: string; image_id?: number | null }> }) =>
      Object.fromEntries(doc.nodes.map((n) => [n.id, n.image_id ?? null]));

    it('keeps the images of the nodes an OPML or canvas export brings back by id, and loses none', () => {
      for (const [text, format] of [
        [exportOpml(tree.document), 'opml'],
        [JSON.stringify(exportJsonCanvas(tree.document)), 'canvas'],
      ] as const) {
        const result = previewImport(text, format, replacing);
        if (!result.ok) throw new Error(format);
        expect(imageIds(result.preview.document)).toEqual({ root: null, knife: 11, heat: 12 });
        expect(result.preview.changes.lostImages).toBe(0);
      }
    });

    it('counts the images whose nodes the file does not have', () => {
      const result = previewImport('# Cooking\n- Knife skills\n', 'markdown', replacing);
      if (!result.ok) throw new Error('markdown');
      expect(result.preview.changes.lostImages).toBe(2);
      const opml = exportOpml({
        ...tree.document,
        nodes: tree.document.nodes.filter((n) => n.id !== 'heat'),
        links: [],
      });
      const partial = previewImport(opml, 'opml', replacing);
      expect(partial.ok && partial.preview.changes.lostImages).toBe(1);
    });

    it('counts the nodes whose fields and the links between kept nodes a Markdown outline cannot carry', () => {
      const decorated = {
        ...withImages,
        nodes: withImages.nodes.map((n) =>
          n.id === 'heat' ? { ...n, icon: 'tabler:flame', estimate_minutes: 20 } : n,
        ),
      };
      const result = previewImport(exportMarkdownOutline(decorated), 'markdown', {
        ...replacing,
        replacing: decorated,
      });
      if (!result.ok) throw new Error('markdown');
      // the summary of "knife" comes back; the icon and estimate of "heat", and the link, do not
      expect(result.preview.changes).toMatchObject({ lostImages: 0, lostFields: 1, lostLinks: 1 });
      const opml = previewImport(exportOpml(decorated), 'opml', { ...replacing, replacing: decorated });
      expect(opml.ok && opml.preview.changes).toMatchObject({ lostImages: 0, lostFields: 0, lostLinks: 0 });
    });

    it('takes a JSON file at its word: an image it removes is counted as lost, not put back', () => {
      const json = JSON.stringify({ ...withImages, nodes: withImages.nodes.map((n) => ({ ...n, image_id: null })) });
      const p = preview(json, replacing);
      expect(imageIds(p.document)).toEqual({ root: null, knife: null, heat: null });
      expect(p.changes.lostImages).toBe(2);
      expect(preview(JSON.stringify(withImages), replacing).changes.lostImages).toBe(0);
    });
  });

  it('previews a JSON Canvas export', () => {
    const result = previewImport(JSON.stringify(exportJsonCanvas(tree.document)), 'canvas', options);
    expect(result.ok && result.preview).toMatchObject({ format: 'canvas', nodeCount: 3, linkCount: 1 });
  });

  it('names what is wrong with a file that is no OPML or canvas', () => {
    expect(problem('<opml', 'opml')).toEqual({ kind: 'notXml' });
    expect(problem('<html><body/></html>', 'opml')).toEqual({ kind: 'notOpml' });
    expect(problem('<opml version="2.0"><body></body></opml>', 'opml')).toEqual({ kind: 'noNodes' });
    expect(problem('{"nodes": [', 'canvas')).toEqual({ kind: 'notJson' });
    expect(problem('{"cards": []}', 'canvas')).toEqual({ kind: 'notACanvas' });
    expect(problem('{"nodes": [], "edges": []}', 'canvas')).toEqual({ kind: 'noNodes' });
  });

  it('refuses an outline with more nodes than the limit', () => {
    const limited = { ...options, limits: { maxNodes: 2, maxBytes: 1_000_000 } };
    expect(problem(exportOpml(tree.document), 'opml', limited)).toEqual({ kind: 'tooManyNodes', count: 3, max: 2 });
  });

  it('picks the OPML and canvas readers by extension or content', () => {
    expect(formatOfFile('tree.opml', '')).toBe('opml');
    expect(formatOfFile('tree.canvas', '{}')).toBe('canvas');
    expect(formatOfFile('x', '<?xml version="1.0"?><opml/>')).toBe('opml');
    expect(formatOfFile('x', '{"nodes": [], "edges": []}')).toBe('canvas');
    expect(formatOfFile('x', '{"nodes": [{"parent_id": null}], "edges": []}')).toBe('json');
  });
});

describe('readIssue', () => {
  const issue = (message: string, path = 'nodes', node_id: string | null = null): TreeIssue => ({
    message,
    path,
    node_id,
    code: 'invalid',
  });

  it('recognises every structural problem tree-core names', () => {
    const cases: Array<[unknown, string]> = [
      [
        {
          nodes: [
            { id: 'r', parent_id: null, title: 'R' },
            { id: 'r', parent_id: 'r', title: 'S' },
          ],
        },
        'duplicateId',
      ],
      [
        {
          nodes: [
            { id: 'a', parent_id: 'b', title: 'A' },
            { id: 'b', parent_id: 'a', title: 'B' },
          ],
        },
        'noRoot',
      ],
      [
        {
          nodes: [
            { id: 'r', parent_id: null, title: 'R' },
            { id: 's', parent_id: null, title: 'S' },
          ],
        },
        'twoRoots',
      ],
      [
        {
          nodes: [
            { id: 'r', parent_id: null, title: 'R' },
            { id: 'a', parent_id: 'b', title: 'A' },
            { id: 'b', parent_id: 'a', title: 'B' },
          ],
        },
        'parentCycle',
      ],
      [
        {
          nodes: [
            { id: 'r', parent_id: null, title: 'R' },
            { id: 'a', parent_id: 'r', title: 'A' },
            { id: 'b', parent_id: 'r', title: 'B' },
          ],
          links: [
            { source: 'a', target: 'b', kind: 'prerequisite' },
            { source: 'b', target: 'a', kind: 'prerequisite' },
          ],
        },
        'prerequisiteCycle',
      ],
    ];
    for (const [doc, kind] of cases) {
      const result = validateTreeDocument(doc);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.issues.map((i) => readIssue(i).kind)).toContain(kind);
    }
  });

  it('reads a field issue as the node and field, with tree-core’s words as the detail', () => {
    const result = validateTreeDocument({ nodes: [{ id: 'r', parent_id: null, title: 'R', color: 'red' }] });
    expect(!result.ok && result.issues.map(readIssue)).toEqual([
      { kind: 'field', node: 'r', field: 'color', detail: 'Colours are #rrggbb.' },
    ]);
    expect(readIssue(issue('Invalid input', 'layout.direction'))).toEqual({
      kind: 'field',
      node: null,
      field: 'layout.direction',
      detail: 'Invalid input',
    });
  });

  it('keeps an unknown message as the detail', () => {
    expect(readIssue(issue('Something new.'))).toEqual({ kind: 'other', detail: 'Something new.' });
  });
});
