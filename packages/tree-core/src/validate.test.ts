import { describe, expect, it } from 'vitest';
import { createTreeDocument, TreeDocument } from './document.ts';
import { treeIssuesToFields, validateTreeDocument } from './validate.ts';

const node = (id: string, parent_id: string | null, title = id) => ({ id, parent_id, title });

describe('TreeDocument schema', () => {
  it('fills in every default when only id, parent_id and title are given', () => {
    const doc = TreeDocument.parse({ nodes: [node('root', null, 'ML')] });
    expect(doc).toEqual({
      format: 1,
      layout: { direction: 'TB' },
      nodes: [
        {
          id: 'root',
          parent_id: null,
          title: 'ML',
          summary: '',
          content: '',
          icon: null,
          color: null,
          image_id: null,
          resources: [],
          collapsed: false,
          position: null,
          estimate_minutes: null,
        },
      ],
      links: [],
      unlock: 'links',
    });
  });
});

describe('validateTreeDocument', () => {
  it('accepts a valid document and fills defaults', () => {
    const result = validateTreeDocument({
      nodes: [node('root', null), node('a', 'root')],
      links: [{ source: 'a', target: 'root', kind: 'prerequisite' }],
    });
    expect(result.ok).toBe(true);
  });

  it('names the node whose parent does not exist', () => {
    const result = validateTreeDocument({ nodes: [node('root', null), node('orphan', 'ghost')] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues[0]).toMatchObject({ path: 'nodes.orphan.parent_id', node_id: 'orphan' });
    expect(result.issues[0]!.message).toContain('"ghost"');
  });

  it('names the nodes of a cycle', () => {
    const result = validateTreeDocument({ nodes: [node('root', null), node('a', 'b'), node('b', 'a')] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => i.node_id).sort()).toEqual(['a', 'b']);
    expect(result.issues[0]!.message).toContain('cycle');
  });

  it('refuses a second root, duplicate ids and bad ids', () => {
    const twoRoots = validateTreeDocument({ nodes: [node('root', null), node('other', null)] });
    expect(!twoRoots.ok && twoRoots.issues[0]!.node_id).toBe('other');
    const duplicate = validateTreeDocument({ nodes: [node('root', null), node('a', 'root'), node('a', 'root')] });
    expect(!duplicate.ok && duplicate.issues[0]!.path).toBe('nodes.a.id');
    const badId = validateTreeDocument({ nodes: [node('root', null), node('has space', 'root')] });
    expect(!badId.ok && badId.issues[0]!.path).toBe('nodes[1].id');
    const noRoot = validateTreeDocument({ nodes: [node('a', 'b'), node('b', 'a')] });
    expect(!noRoot.ok && noRoot.issues[0]!.path).toBe('nodes');
  });

  it('names the node with a field over its limit', () => {
    const result = validateTreeDocument({
      nodes: [
        node('root', null),
        { ...node('a', 'root'), title: 'x'.repeat(201) },
        { ...node('b', 'root'), color: 'red' },
        { ...node('c', 'root'), resources: [{ title: 'x', url: 'javascript:alert(1)' }] },
      ],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(treeIssuesToFields(result.issues, 'data'))).toEqual([
      'data.nodes.a.title',
      'data.nodes.b.color',
      'data.nodes.c.resources.0.url',
    ]);
    expect(result.issues[0]!.message).toMatch(/^Node "a": /);
  });

  it('refuses links to missing nodes, self links and duplicate links', () => {
    const result = validateTreeDocument({
      nodes: [node('root', null), node('a', 'root')],
      links: [
        { source: 'a', target: 'zz' },
        { source: 'a', target: 'a' },
        { source: 'a', target: 'root' },
        { source: 'a', target: 'root', kind: 'prerequisite' },
      ],
    });
    expect(!result.ok && result.issues.map((i) => i.path)).toEqual(['links[0].target', 'links[1]', 'links[3]']);
  });

  it('refuses more nodes than the limit', () => {
    const doc = createTreeDocument('r');
    for (let i = 0; i < 10; i++) doc.nodes.push({ ...doc.nodes[0]!, id: `n${i}`, parent_id: 'root' });
    const result = validateTreeDocument(doc, { maxNodes: 5, maxBytes: 1e6 });
    expect(!result.ok && result.issues[0]).toMatchObject({ path: 'nodes', code: 'invalid' });
  });

  it('marks a document over the byte limit as too large', () => {
    const doc = { nodes: [{ ...node('root', null), content: 'é'.repeat(600) }] };
    const result = validateTreeDocument(doc, { maxNodes: 10, maxBytes: 1000 });
    expect(!result.ok && result.issues[0]!.code).toBe('too_large');
    expect(validateTreeDocument(doc, { maxNodes: 10, maxBytes: 2000 }).ok).toBe(true);
  });
});

describe('document size', () => {
  it('counts UTF-8 bytes of every kind of character', () => {
    const content = 'aé中😀'.repeat(200); // 1 + 2 + 3 + 4 bytes
    const doc = { nodes: [{ id: 'root', parent_id: null, title: 'R', content }] };
    const result = validateTreeDocument(doc, { maxNodes: 10, maxBytes: 10_000 });
    expect(result.ok && result.bytes).toBe(
      new TextEncoder().encode(JSON.stringify(result.ok && result.document)).length,
    );
    expect(result.ok && result.json).toBe(JSON.stringify(result.ok && result.document));
  });
});

describe('learning fields', () => {
  const nodes = [
    { id: 'root', parent_id: null, title: 'Root' },
    { id: 'a', parent_id: 'root', title: 'A', estimate_minutes: 30 },
    { id: 'b', parent_id: 'a', title: 'B' },
  ];

  it('keeps estimates and the unlock mode, and refuses an estimate out of range', () => {
    const ok = validateTreeDocument({ nodes, unlock: 'parent' });
    expect(ok.ok && ok.document.nodes[1]!.estimate_minutes).toBe(30);
    expect(ok.ok && ok.document.unlock).toBe('parent');
    const bad = validateTreeDocument({ nodes: [nodes[0], { ...nodes[1], estimate_minutes: 100_001 }] });
    expect(bad.ok).toBe(false);
    expect(validateTreeDocument({ nodes, unlock: 'never' }).ok).toBe(false);
  });

  it('refuses prerequisite links that wait for each other in a circle, naming the closing link', () => {
    const result = validateTreeDocument({
      nodes,
      links: [
        { source: 'a', target: 'b', kind: 'prerequisite' },
        { source: 'b', target: 'a', kind: 'prerequisite' },
      ],
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && treeIssuesToFields(result.issues)).toHaveProperty(['links[1]']);
    // The same pair as related links is no circle of prerequisites.
    const related = validateTreeDocument({
      nodes,
      links: [
        { source: 'a', target: 'b', kind: 'prerequisite' },
        { source: 'b', target: 'a', kind: 'related' },
      ],
    });
    expect(related.ok).toBe(true);
  });

  it('counts the parent edge in parent mode', () => {
    const links = [{ source: 'b', target: 'a', kind: 'prerequisite' }];
    expect(validateTreeDocument({ nodes, links }).ok).toBe(true);
    expect(validateTreeDocument({ nodes, links, unlock: 'parent' }).ok).toBe(false);
  });
});
