import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { readSyncToken, storeSyncToken } from './sync-credentials.ts';

describe('the token left for the service worker', () => {
  it('is kept, replaced and removed', async () => {
    const name = 'sync-credentials-test';
    expect(await readSyncToken(name)).toBeNull();
    await storeSyncToken('first', name);
    expect(await readSyncToken(name)).toBe('first');
    await storeSyncToken('second', name);
    expect(await readSyncToken(name)).toBe('second');
    await storeSyncToken(null, name);
    expect(await readSyncToken(name)).toBeNull();
  });
});
