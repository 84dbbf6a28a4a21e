import { describe, expect, it } from 'vitest';
import './zod-without-eval.ts';
import { config } from 'zod/v4/core';
import { z } from 'zod';

describe('zod without eval', () => {
  it('is what zod reads as its settings: no parser compiled with `new Function`', () => {
    expect(config().jitless).toBe(true);
    const evaluated: string[] = [];
    const OriginalFunction = globalThis.Function;
    globalThis.Function = new Proxy(OriginalFunction, {
      construct(target, args) {
        evaluated.push(String(args.at(-1)));
        return Reflect.construct(target, args) as object;
      },
    });
    try {
      const schema = z.object({ a: z.string(), b: z.number() });
      for (let i = 0; i < 5; i++) expect(schema.parse({ a: 'x', b: i })).toEqual({ a: 'x', b: i });
    } finally {
      globalThis.Function = OriginalFunction;
    }
    expect(evaluated).toEqual([]);
  });
});
