import { addChild, createTreeDocument, type TreeDocument } from '@arbor/tree-core';
import { describe, expect, it } from 'vitest';
import { NODE_HEIGHT, NODE_WIDTH } from '../layout/tidy-layout.ts';
import type { LayoutDirection } from '../model/tree-document.ts';
import { buildTreeSvg, escapeXml, estimateCharWidth, wrapText } from './tree-svg.ts';

/** Root with three children, the first with two of its own, and a prerequisite and a related link. */
function sampleTree(direction: LayoutDirection = 'TB'): TreeDocument {
  let doc = createTreeDocument('Root');
  doc = { ...doc, layout: { ...doc.layout, direction } };
  for (const id of ['a', 'b', 'c']) doc = addChild(doc, 'root', { title: `Node ${id}`, id }).document;
  for (const id of ['a1', 'a2']) doc = addChild(doc, 'a', { title: `Node ${id}`, id }).document;
  return {
    ...doc,
    links: [
      { source: 'a1', target: 'c', kind: 'prerequisite' },
      { source: 'b', target: 'a2', kind: 'related' },
    ],
  } as TreeDocument;
}

function parse(markup: string): Document {
  const xml = new DOMParser().parseFromString(markup, 'image/svg+xml');
  expect(xml.getElementsByTagName('parsererror')).toHaveLength(0);
  expect(xml.documentElement.tagName).toBe('svg');
  return xml;
}

/** The node groups' top-left corners, from their translate() transforms. */
function nodeCorners(xml: Document): Array<{ x: number; y: number }> {
  return [...xml.querySelectorAll('g.node')].map((g) => {
    const [, x, y] = /translate\(([-\d.]+),([-\d.]+)\)/.exec(g.getAttribute('transform')!)!;
    return { x: Number(x), y: Number(y) };
  });
}

const charWidth = (c: string) => estimateCharWidth(c, 14, 600);

describe('buildTreeSvg', () => {
  it.each<LayoutDirection>(['TB', 'LR', 'RADIAL'])(
    'draws well-formed SVG with a card and a title per node, a path per edge and link (%s)',
    (direction) => {
      const doc = sampleTree(direction);
      const xml = parse(buildTreeSvg(doc).markup());
      expect(xml.querySelectorAll('rect.card')).toHaveLength(6);
      expect(xml.querySelectorAll('text.title')).toHaveLength(6);
      expect(xml.querySelectorAll('path.edge')).toHaveLength(5);
      expect(xml.querySelectorAll('path.link')).toHaveLength(2);
      expect(xml.querySelector('path.link-prerequisite')?.getAttribute('marker-end')).toBe('url(#arbor-arrow)');
      expect(xml.querySelector('path.link-related')?.getAttribute('stroke-dasharray')).toBe('6 5');
      const titles = [...xml.querySelectorAll('text.title')].map((t) => t.textContent);
      expect(titles.sort()).toEqual(['Node a', 'Node a1', 'Node a2', 'Node b', 'Node c', 'Root']);
      for (const path of xml.querySelectorAll('path')) expect(path.getAttribute('d')).toMatch(/^M[-\d.]+,[-\d.]+ /);
    },
  );

  it('has no foreign objects, scripts, styles or references outside the file', () => {
    const markup = buildTreeSvg(sampleTree()).markup();
    const xml = parse(markup);
    for (const tag of ['foreignObject', 'script', 'style', 'image', 'a'])
      expect(xml.getElementsByTagName(tag)).toHaveLength(0);
    // only the namespaces are URLs; references (arrow heads, icons) point inside the file
    expect(markup.match(/https?:\/\/[^"]*/g)).toEqual(['http://www.w3.org/2000/svg', 'http://www.w3.org/1999/xlink']);
    expect(markup).not.toMatch(/href="(?!#)|url\((?!#)/);
    expect(markup).not.toMatch(/\bon\w+=/);
  });

  it.each<LayoutDirection>(['TB', 'LR', 'RADIAL'])(
    'fits every node inside its viewBox, with a margin (%s)',
    (direction) => {
      const svg = buildTreeSvg(sampleTree(direction));
      const xml = parse(svg.markup());
      const [vx, vy, vw, vh] = xml.documentElement.getAttribute('viewBox')!.split(' ').map(Number) as [
        number,
        number,
        number,
        number,
      ];
      expect([vw, vh]).toEqual([svg.width, svg.height]);
      const corners = nodeCorners(xml);
      expect(corners).toHaveLength(6);
      for (const { x, y } of corners) {
        expect(x).toBeGreaterThanOrEqual(vx + 20);
        expect(y).toBeGreaterThanOrEqual(vy + 20);
        expect(x + NODE_WIDTH).toBeLessThanOrEqual(vx + vw - 20);
        expect(y + NODE_HEIGHT).toBeLessThanOrEqual(vy + vh - 20);
      }
    },
  );

  it('scales the picture without changing its viewBox', () => {
    const svg = buildTreeSvg(sampleTree());
    const [one, two] = [parse(svg.markup()), parse(svg.markup(2))].map((x) => x.documentElement);
    expect(two!.getAttribute('viewBox')).toBe(one!.getAttribute('viewBox'));
    expect(Number(two!.getAttribute('width'))).toBe(svg.width * 2);
    expect(Number(two!.getAttribute('height'))).toBe(svg.height * 2);
  });

  it('escapes markup characters in titles and summaries', () => {
    let doc = createTreeDocument('Tom & "Jerry" <script>alert(1)</script>');
    doc = addChild(doc, 'root', { id: 'x', title: "a<b && c>'d'", summary: '</text><foreignObject>' }).document;
    const markup = buildTreeSvg(doc).markup();
    const xml = parse(markup);
    expect(xml.getElementsByTagName('script')).toHaveLength(0);
    expect(xml.getElementsByTagName('foreignObject')).toHaveLength(0);
    // a title wrapped onto two lines is two <tspan>s, broken at a space
    const texts = [...xml.querySelectorAll('text.title')].map((t) =>
      t.children.length ? [...t.children].map((line) => line.textContent).join(' ') : t.textContent,
    );
    expect(texts[1]).toBe("a<b && c>'d'");
    expect(texts[0]!.startsWith('Tom & "Jerry" <script>')).toBe(true);
    expect(xml.querySelector('text.summary')?.textContent).toBe('</text><foreignObject>');
  });

  it('drops characters XML cannot carry', () => {
    const doc = createTreeDocument('bell\u0007 and \uD800 lone');
    const xml = parse(buildTreeSvg(doc).markup());
    expect(xml.querySelector('text.title')?.textContent).toBe('bell and lone');
  });

  it('hides the children of a collapsed node and marks the node as a stack of cards', () => {
    const doc = sampleTree();
    const collapsed = { ...doc, nodes: doc.nodes.map((n) => (n.id === 'a' ? { ...n, collapsed: true } : n)) };
    const xml = parse(buildTreeSvg(collapsed).markup());
    expect(xml.querySelectorAll('rect.card')).toHaveLength(4);
    expect(xml.querySelectorAll('path.edge')).toHaveLength(3);
    // both links touch a hidden node
    expect(xml.querySelectorAll('path.link')).toHaveLength(0);
    expect(xml.querySelectorAll('rect.stack')).toHaveLength(1);
  });

  it('colours cards by node colour, otherwise by the palette accent', () => {
    let doc = createTreeDocument('Root');
    doc = addChild(doc, 'root', { id: 'red', title: 'Red', color: '#ff0000' }).document;
    const xml = parse(buildTreeSvg(doc, { palette: { accent: '#123456' } }).markup());
    const stripes = [...xml.querySelectorAll('rect.stripe')].map((r) => r.getAttribute('fill'));
    expect(stripes).toEqual(['#123456', '#ff0000']);
  });

  it('draws a node icon in its badge in place of the first letter', () => {
    let doc = createTreeDocument('Root');
    doc = addChild(doc, 'root', { id: 'x', title: 'Python', icon: 'tabler:brand-python' }).document;
    doc = addChild(doc, 'root', { id: 'y', title: 'Django', icon: 'tabler:brand-python' }).document;
    const iconMarkup = (name: string) => (name === 'tabler:brand-python' ? '<path d="M12 4v16"></path>' : null);
    const xml = parse(buildTreeSvg(doc, { iconMarkup }).markup());
    // drawn once, placed twice
    const symbols = xml.querySelectorAll('defs > symbol');
    expect(symbols).toHaveLength(1);
    expect(symbols[0]!.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(symbols[0]!.querySelector('path')?.getAttribute('d')).toBe('M12 4v16');
    const uses = [...xml.querySelectorAll('use.icon')];
    expect(uses).toHaveLength(2);
    for (const use of uses)
      expect(use.getAttributeNS('http://www.w3.org/1999/xlink', 'href')).toBe(`#${symbols[0]!.getAttribute('id')}`);
    expect([...xml.querySelectorAll('text.monogram')].map((t) => t.textContent)).toEqual(['R']);
  });

  it("draws a node's image in its badge, clipped to it and carried in the file", () => {
    let doc = createTreeDocument('Root');
    doc = addChild(doc, 'root', { id: 'x', title: 'Python', image_id: 5 }).document;
    doc = addChild(doc, 'root', { id: 'y', title: 'Django', image_id: 6 }).document;
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const markup = buildTreeSvg(doc, { imageHref: (id) => (id === 5 ? png : null) }).markup();
    const xml = parse(markup);
    const images = [...xml.querySelectorAll('g.node image.image')];
    expect(images).toHaveLength(1);
    expect(images[0]!.getAttribute('href')).toBe(png);
    const clip = /url\(#(.+)\)/.exec(images[0]!.getAttribute('clip-path')!)![1]!;
    expect(xml.querySelector(`defs > clipPath[id="${clip}"] > rect`)).not.toBeNull();
    // the node without a drawable image keeps its monogram; nothing points outside the file
    expect([...xml.querySelectorAll('text.monogram')].map((t) => t.textContent)).toEqual(['R', 'D']);
    expect(markup).not.toMatch(/href="(?!#|data:image\/)/);
    expect(buildTreeSvg(doc).markup()).not.toContain('<image');
  });

  it('draws an empty picture for a document without nodes', () => {
    const doc = { ...createTreeDocument('Root'), nodes: [] } as TreeDocument;
    const svg = buildTreeSvg(doc);
    const xml = parse(svg.markup());
    expect(xml.querySelectorAll('g.node')).toHaveLength(0);
    expect(svg.width).toBeGreaterThan(0);
  });

  it('builds 2,000 nodes into one picture with a card per node', () => {
    let doc = createTreeDocument('Root');
    const nodes = [...doc.nodes];
    for (let i = 0; i < 1999; i++)
      nodes.push({
        ...doc.nodes[0]!,
        id: `n${i}`,
        parent_id: i < 20 ? 'root' : `n${i % 20}`,
        title: `技能 ${i} & more`,
      });
    doc = { ...doc, nodes };
    const xml = parse(buildTreeSvg(doc).markup());
    expect(xml.querySelectorAll('rect.card')).toHaveLength(2000);
    expect(xml.querySelectorAll('path.edge')).toHaveLength(1999);
  });
});

describe('wrapText', () => {
  it('keeps a short title on one line', () => {
    expect(wrapText('Git', 150, 2, charWidth)).toEqual(['Git']);
  });

  it('breaks between words and ellipsises what does not fit on the last line', () => {
    const lines = wrapText('Functional programming with higher order functions and monads', 150, 2, charWidth);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Functional\b/);
    expect(lines[0]!.endsWith(' ')).toBe(false);
    expect(lines[1]!.endsWith('…')).toBe(true);
    for (const line of lines) expect([...line].reduce((w, c) => w + charWidth(c), 0)).toBeLessThanOrEqual(150);
  });

  it('breaks CJK text between characters, never before closing punctuation', () => {
    const lines = wrapText('函数式编程与高阶函数，以及单子和类型类的入门知识', 150, 2, charWidth);
    expect(lines).toHaveLength(2);
    expect(lines[1]![0]).not.toBe('，');
    expect(lines[1]!.endsWith('…')).toBe(true);
    for (const line of lines) expect([...line].reduce((w, c) => w + charWidth(c), 0)).toBeLessThanOrEqual(150);
  });

  it('keeps a prolonged sound mark with the kana before it', () => {
    const lines = wrapText('モジュールとバンドラー', 150, 2, charWidth);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.startsWith('ー')).toBe(false);
  });

  it('cuts a word longer than the line', () => {
    const lines = wrapText('Supercalifragilisticexpialidocious', 100, 2, charWidth);
    expect(lines).toHaveLength(2);
    expect(lines.join('').replace('…', '').length).toBeGreaterThan(10);
  });

  it('never splits a surrogate pair', () => {
    const lines = wrapText('𠮷'.repeat(40), 100, 1, charWidth);
    expect(lines[0]).toMatch(/^(𠮷)+…$/u);
  });
});

describe('escapeXml', () => {
  it('escapes the five XML specials', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });
});
