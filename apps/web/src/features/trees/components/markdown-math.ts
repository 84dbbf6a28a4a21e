// The math half of the Markdown renderer, in its own chunk: KaTeX (its code, stylesheet and fonts,
// all served by Arbor itself) is loaded only when a text has `$…$` or `$$…$$` in it.
import 'katex/dist/katex.min.css';
import rehypeKatex from 'rehype-katex';
import remarkMath from 'remark-math';

/**
 * `$…$` and `$$…$$` inline, and `$$` on lines of their own around a display (a lone `$`, as in "$5",
 * stays text: a dollar needs a closing one on its line).
 */
export const remarkMathPlugin = [remarkMath, { singleDollarTextMath: true }] as const;

/**
 * Runs after the sanitiser, on what it let through: the `language-math` code that remark-math made.
 * KaTeX builds its own markup from TeX with `trust: false` (no `\href`, `\url`, `\htmlClass`, …),
 * bounded by `maxSize`/`maxExpand`, so its output is safe to keep as it is.
 */
export const rehypeKatexPlugin = [
  rehypeKatex,
  { trust: false, strict: 'ignore', maxExpand: 200, maxSize: 50 },
] as const;
