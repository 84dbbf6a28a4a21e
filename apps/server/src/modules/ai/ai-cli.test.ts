import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../testing/fake-llm.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { AI_COMMANDS } from './ai.cli.ts';

let t: TestApp;
let fake: FakeLlm;
beforeAll(async () => {
  t = await createTestApp({ NODE_ENV: 'production', AI_ALLOW_PRIVATE_BASE_URL: '1' });
  fake = await startFakeLlm();
});
afterAll(async () => {
  await fake?.close();
  await t?.close();
});

const run = (args: string[]) =>
  AI_COMMANDS['ai-provider']!.run({ db: t.app.db, config: t.config, clock: t.app.deps.clock, args });

describe('npm run admin -- ai-provider (what `npm run start:try-ai` runs)', () => {
  it('makes the fake LLM the active provider with default chat and image models, again on a new port', async () => {
    await run(['http://127.0.0.1:1/v1', 'k', 'fake-chat', 'fake-image', '--name', 'Fake LLM (try-ai)']);
    await run([fake.url, 'fake-key', 'fake-chat', 'fake-image', '--name', 'Fake LLM (try-ai)']);
    const providers = await t.app.db.selectFrom('ai_configs').selectAll().execute();
    expect(providers).toHaveLength(1);
    expect(providers[0]).toMatchObject({ name: 'Fake LLM (try-ai)', base_url: fake.url, is_active: 1 });
    const models = await t.app.db.selectFrom('ai_models').selectAll().orderBy('name').execute();
    expect(models.map((m) => [m.name, m.kind, m.is_default])).toEqual([
      ['fake-chat', 'chat', 1],
      ['fake-image', 'image', 1],
    ]);
  });

  it('refuses a loopback provider without AI_ALLOW_PRIVATE_BASE_URL, naming it', async () => {
    const strict = await createTestApp({ NODE_ENV: 'production' });
    try {
      await expect(
        AI_COMMANDS['ai-provider']!.run({
          db: strict.app.db,
          config: strict.config,
          clock: strict.app.deps.clock,
          args: [fake.url, 'k', 'fake-chat'],
        }),
      ).rejects.toThrow('AI_ALLOW_PRIVATE_BASE_URL=1');
      expect(await strict.app.db.selectFrom('ai_configs').selectAll().execute()).toEqual([]);
    } finally {
      await strict.close();
    }
  });
});
