import { getNodesBounds, getViewportForBounds, type Node } from '@xyflow/react';
import { toBlob, toSvg } from 'html-to-image';

const PADDING = 40;
const MAX_SIDE = 8000;

export type ImageFormat = 'png' | 'svg';

/**
 * Renders the whole tree (not just what is on screen) from the React Flow viewport element: the
 * element is re-transformed so every node's bounds fit the image, then rasterised (PNG) or
 * serialised (SVG). The caller must make sure every node is mounted (culling off).
 */
export async function exportCanvasImage(
  container: HTMLElement,
  nodes: Node[],
  format: ImageFormat,
  background: string,
): Promise<Blob> {
  const viewport = container.querySelector<HTMLElement>('.react-flow__viewport');
  if (!viewport) throw new Error('The canvas is not ready.');
  const bounds = getNodesBounds(nodes);
  const scale = Math.min(1, MAX_SIDE / Math.max(bounds.width + PADDING * 2, bounds.height + PADDING * 2));
  const width = Math.ceil((bounds.width + PADDING * 2) * scale);
  const height = Math.ceil((bounds.height + PADDING * 2) * scale);
  // A number would be read as a fraction of the image (40 = 4000 %, a speck in a blank picture): pixels.
  const { x, y, zoom } = getViewportForBounds(bounds, width, height, 0.01, 2, `${PADDING * scale}px`);
  const options = {
    backgroundColor: background,
    width,
    height,
    style: { width: `${width}px`, height: `${height}px`, transform: `translate(${x}px, ${y}px) scale(${zoom})` },
    // Interactive chrome (handles, collapse buttons) has no place in a picture.
    filter: (el: HTMLElement) => !(el.classList?.contains('react-flow__handle') ?? false),
  };
  const restoreEdges = inlineEdgeStrokes(viewport);
  try {
    if (format === 'png') {
      const blob = await toBlob(viewport, { ...options, pixelRatio: 1 });
      if (!blob) throw new Error('The image could not be rendered.');
      return blob;
    }
    const dataUrl = await toSvg(viewport, options);
    const svg = decodeURIComponent(dataUrl.slice(dataUrl.indexOf(',') + 1));
    return new Blob([svg], { type: 'image/svg+xml' });
  } finally {
    restoreEdges();
  }
}

const EDGE_STROKE = [
  ['stroke', 'stroke'],
  ['stroke-width', 'strokeWidth'],
  ['stroke-dasharray', 'strokeDasharray'],
] as const;

/**
 * html-to-image copies an `<svg>` as it is, without the computed styles of what is inside it, and the
 * picture has none of the page's stylesheets: edges drawn by CSS classes would come out invisible.
 * Their strokes are written onto the paths as attributes for the capture; the returned function
 * takes them off again.
 */
function inlineEdgeStrokes(viewport: HTMLElement): () => void {
  const added: Array<[SVGPathElement, string]> = [];
  for (const path of viewport.querySelectorAll<SVGPathElement>('.react-flow__edge-path')) {
    const computed = getComputedStyle(path);
    for (const [attribute, property] of EDGE_STROKE) {
      const value = computed[property];
      if (path.hasAttribute(attribute) || !value || value === 'none') continue;
      path.setAttribute(attribute, value);
      added.push([path, attribute]);
    }
  }
  return () => added.forEach(([path, attribute]) => path.removeAttribute(attribute));
}
