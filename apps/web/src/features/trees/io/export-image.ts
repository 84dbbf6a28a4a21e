// The editor's picture exports, loaded only when one is asked for. Both come from the document, not
// the canvas: the SVG is io/tree-svg.ts's vector drawing, and the PNG is that same drawing rasterised,
// so neither carries interactive chrome (collapse buttons, handles, the selection ring) and neither
// depends on which nodes the canvas happens to have mounted.
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { nodeIcon } from '../components/node-icons.ts';
import type { TreeDocument } from '../model/tree-document.ts';
import { buildTreeSvg, estimateCharWidth, SVG_FONT_FAMILY, type CharMeasure, type TreeSvgPalette } from './tree-svg.ts';

export type ImageFormat = 'png' | 'svg';

/** PNGs are drawn at twice the layout's size, for sharp text on high-density screens. */
const PIXEL_RATIO = 2;
/** Browsers refuse larger canvases (Chrome and Firefox per side; Safari caps the area at 16.7 M pixels). */
const MAX_SIDE = 8192;
const MAX_AREA = 16_777_216;

/**
 * Character widths from a canvas in the picture's own font stack, which the browser resolves to the
 * same faces when it draws the SVG; never narrower than 90% of the generous estimate, so the text
 * still fits where a viewer falls back to a wider face.
 */
function canvasMeasure(fontFamily: string): CharMeasure {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return estimateCharWidth;
  return (char, size, weight) => {
    context.font = `${weight} ${size}px ${fontFamily}`;
    return Math.max(context.measureText(char).width * 1.04, estimateCharWidth(char, size, weight) * 0.9);
  };
}

/**
 * The paths of the document's node icons, keyed by name: each Tabler icon the canvas would show is
 * rendered once by React into a detached element and its inside read back as markup.
 */
function iconMarkups(doc: TreeDocument): Map<string, string> {
  const names = [...new Set(doc.nodes.map((node) => node.icon).filter((name) => nodeIcon(name)))] as string[];
  const markups = new Map<string, string>();
  if (!names.length) return markups;
  const host = document.createElement('div');
  const root = createRoot(host);
  try {
    flushSync(() => root.render(names.map((name) => createElement(nodeIcon(name)!, { key: name, size: 24 }))));
    names.forEach((name, i) => {
      const icon = host.children[i];
      if (icon?.tagName.toLowerCase() === 'svg') markups.set(name, icon.innerHTML);
    });
  } finally {
    root.unmount();
  }
  return markups;
}

/** A fetched file as a data URL, or null when it cannot be read. */
async function dataUrlOf(url: string): Promise<string | null> {
  try {
    const response = await fetch(url);
    if (!response.ok) return null;
    const blob = await response.blob();
    if (!blob.type.startsWith('image/')) return null;
    return await new Promise<string | null>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
      reader.onerror = () => resolve(null);
      reader.readAsDataURL(blob);
    });
  } catch {
    return null;
  }
}

/**
 * The document's node images as data URLs, keyed by image id: a picture rasterised from an SVG (or
 * an SVG opened on its own) loads nothing from outside, so the images go inside the file.
 */
async function embeddedImages(doc: TreeDocument, imageUrls: ReadonlyMap<number, string>) {
  const ids = [
    ...new Set(doc.nodes.flatMap((n) => (n.image_id != null && imageUrls.has(n.image_id) ? [n.image_id] : []))),
  ];
  const hrefs = await Promise.all(ids.map((id) => dataUrlOf(imageUrls.get(id)!)));
  return new Map(ids.map((id, i) => [id, hrefs[i] ?? null]));
}

/** The whole tree as an SVG or PNG file, in the light scheme, with the nodes' images. */
export async function exportTreeImage(
  doc: TreeDocument,
  format: ImageFormat,
  palette?: Partial<TreeSvgPalette>,
  imageUrls: ReadonlyMap<number, string> = new Map(),
): Promise<Blob> {
  const icons = iconMarkups(doc);
  const images = await embeddedImages(doc, imageUrls);
  const svg = buildTreeSvg(doc, {
    palette,
    measureChar: canvasMeasure(SVG_FONT_FAMILY),
    iconMarkup: (name) => icons.get(name) ?? null,
    imageHref: (id) => images.get(id) ?? null,
  });
  if (format === 'svg') return new Blob([svg.markup()], { type: 'image/svg+xml' });
  const scale = Math.min(
    PIXEL_RATIO,
    MAX_SIDE / svg.width,
    MAX_SIDE / svg.height,
    Math.sqrt(MAX_AREA / (svg.width * svg.height)),
  );
  const width = Math.max(1, Math.floor(svg.width * scale));
  const height = Math.max(1, Math.floor(svg.height * scale));
  const url = URL.createObjectURL(new Blob([svg.markup(scale)], { type: 'image/svg+xml' }));
  try {
    const image = new Image(width, height);
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('The image could not be rendered.');
    context.drawImage(image, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be rendered.'))),
        'image/png',
      ),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
