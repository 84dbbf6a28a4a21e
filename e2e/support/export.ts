// Reading what the editor exports, as a program receiving the file would.
import type { Page } from 'playwright-core';

/** What an exported SVG draws, parsed by the page's XML parser (not as HTML). */
export interface SvgDrawing {
  root: string;
  parseErrors: number;
  /** counts of foreignObject, script, image, style and iframe: anything that runs, loads or snapshots HTML */
  unsafe: number[];
  cards: number;
  /** node titles, a title wrapped onto two lines joined by a space */
  titles: string[];
  edgeStroke: string | null;
  edgePaths: number;
  width: number;
  height: number;
}

export function readSvgDrawing(page: Page, markup: string): Promise<SvgDrawing> {
  return page.evaluate((svg) => {
    const xml = new DOMParser().parseFromString(svg, 'image/svg+xml');
    const edges = xml.querySelector('g.edges');
    return {
      root: xml.documentElement.tagName,
      parseErrors: xml.getElementsByTagName('parsererror').length,
      unsafe: ['foreignObject', 'script', 'image', 'style', 'iframe'].map(
        (tag) => xml.getElementsByTagName(tag).length,
      ),
      cards: xml.querySelectorAll('rect.card').length,
      // a title wrapped onto two lines is two <tspan>s
      titles: [...xml.querySelectorAll('text.title')].map((text) =>
        text.children.length ? [...text.children].map((line) => line.textContent).join(' ') : (text.textContent ?? ''),
      ),
      edgeStroke: edges?.getAttribute('stroke') ?? null,
      edgePaths: [...xml.querySelectorAll('g.edges > path')].filter((path) =>
        /^M[\d.-]+,[\d.-]+ /.test(path.getAttribute('d') ?? ''),
      ).length,
      width: Number(xml.documentElement.getAttribute('width')),
      height: Number(xml.documentElement.getAttribute('height')),
    };
  }, markup);
}
