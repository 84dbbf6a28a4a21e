import { afterEach, describe, expect, it } from 'vitest';
import { keepCookie, readCookie } from './cookies.ts';

afterEach(() => {
  document.cookie = 'arbor_test=; max-age=0; path=/';
});

describe('the cookies the web app keeps for the server', () => {
  it('reads a value back as it was kept, and null for a cookie it does not have', () => {
    expect(readCookie('arbor_test')).toBeNull();
    keepCookie('arbor_test', 'zh-CN; a=b');
    expect(readCookie('arbor_test')).toBe('zh-CN; a=b');
  });

  it('writes only a value the cookie does not hold yet', () => {
    const writes: string[] = [];
    let jar = '';
    const doc = {
      get cookie() {
        return jar;
      },
      set cookie(value: string) {
        writes.push(value);
        jar = value.split(';')[0]!;
      },
    } as unknown as Document;
    keepCookie('arbor_test', '480', doc);
    keepCookie('arbor_test', '480', doc);
    keepCookie('arbor_test', '-300', doc);
    expect(writes).toEqual([
      'arbor_test=480; path=/; max-age=31536000; samesite=lax',
      'arbor_test=-300; path=/; max-age=31536000; samesite=lax',
    ]);
  });
});
