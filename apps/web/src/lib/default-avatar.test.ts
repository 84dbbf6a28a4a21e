import { DEFAULT_AVATAR_PATH } from '@arbor/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AVATAR_URL } from './session.ts';

describe('default avatar', () => {
  it('is the contract’s default avatar path (written out so the first bundle needs no contract code)', () => {
    expect(DEFAULT_AVATAR_URL).toBe(DEFAULT_AVATAR_PATH);
  });
});
