import type { SuggestedChild } from '@arbor/contract';
import { z } from 'zod';

const MAX_CHILDREN = 20;

const Child = z.union([
  z.string().transform((title) => ({ title, summary: '' })),
  z.object({
    title: z.string(),
    summary: z.string().nullish(),
  }),
]);
const ChildList = z.array(Child).min(1);

/** The texts worth trying as JSON, most literal first: the whole answer, a fenced block, the outermost brackets. */
function candidates(text: string): string[] {
  const trimmed = text.trim();
  const found = [trimmed];
  const fenced = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/.exec(trimmed)?.[1];
  if (fenced) found.push(fenced.trim());
  for (const [open, close] of [
    ['[', ']'],
    ['{', '}'],
  ] as const) {
    const start = trimmed.indexOf(open);
    const end = trimmed.lastIndexOf(close);
    if (start >= 0 && end > start) found.push(trimmed.slice(start, end + 1));
  }
  // Trailing commas are the most common slip of models writing JSON by hand.
  return found.flatMap((c) => [c, c.replace(/,\s*([\]}])/g, '$1')]);
}

/** An array at the top, or under the first array-valued key of an object (`{"children": [...]}`). */
function listIn(value: unknown): unknown {
  if (Array.isArray(value) || value === null || typeof value !== 'object') return value;
  return Object.values(value).find(Array.isArray) ?? value;
}

/**
 * Reads the model's list of suggested children, repairing the usual breakage (code fences, chatter
 * around the JSON, trailing commas). Returns null when nothing usable is there, so callers can
 * report the failure instead of applying half an answer.
 */
export function parseSuggestedChildren(text: string): SuggestedChild[] | null {
  for (const candidate of candidates(text)) {
    let value: unknown;
    try {
      value = JSON.parse(candidate);
    } catch {
      continue;
    }
    const parsed = ChildList.safeParse(listIn(value));
    if (!parsed.success) continue;
    const seen = new Set<string>();
    const children: SuggestedChild[] = [];
    for (const child of parsed.data) {
      const title = child.title.trim().slice(0, 200);
      if (!title || seen.has(title.toLowerCase())) continue;
      seen.add(title.toLowerCase());
      children.push({ title, summary: (child.summary ?? '').trim().slice(0, 1000) });
    }
    if (children.length) return children.slice(0, MAX_CHILDREN);
  }
  return null;
}
