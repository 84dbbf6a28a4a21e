import { describe, expect, it } from 'vitest';
import { prerenderedFile } from './prerender-pages.ts';

describe('prerenderedFile', () => {
  it('names the landing page index.<locale>.html', () => {
    expect(prerenderedFile('/', 'en-US')).toBe('prerendered/index.en-US.html');
  });
});
