import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../../config.ts';
import { call } from '../../testing/call.ts';
import { startFakeLlm, type FakeLlm } from '../../testing/fake-llm.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';

export const FAKE_API_KEY = 'sk-test-0123456789abcdef';

interface AiTestApp {
  app: FastifyInstance;
  config: Config;
  /** the fake provider; its `url` is the base URL to configure */
  fake: FakeLlm;
  admin: TestUser;
  user: TestUser;
}

/**
 * A test file's server (`createTestApp(env)`) next to a fake LLM, with an admin and a user: started in
 * `beforeAll`, closed in `afterAll`. The fields are filled once `beforeAll` has run, so read them inside
 * tests and hooks, not at module level.
 */
export function useAiTestApp(env: Record<string, string>): AiTestApp {
  const ai = {} as AiTestApp;
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    ai.fake = await startFakeLlm();
    testApp = await createTestApp(env);
    ai.app = testApp.app;
    ai.config = testApp.config;
    ai.admin = await createUser(ai.app, { role: 'admin' });
    ai.user = await createUser(ai.app);
  });
  afterAll(async () => {
    await testApp?.close();
    await ai.fake?.close();
  });
  return ai;
}

export interface ConfiguredAi {
  admin: TestUser;
  configId: number;
  chatModelId: number;
  imageModelId: number;
}

/** An admin, an active provider pointing at `baseUrl`, and a default chat and image model. */
export async function configureAi(
  app: FastifyInstance,
  baseUrl: string,
  extra: { timeout_s?: number } = {},
): Promise<ConfiguredAi> {
  const admin = await createUser(app, { role: 'admin' });
  const config = await call(app, admin, 'POST', '/api/llm/deepseek-config/', {
    name: 'Fake',
    base_url: baseUrl,
    api_key: FAKE_API_KEY,
    is_active: true,
    ...extra,
  });
  if (config.statusCode !== 201) throw new Error(`provider not created: ${config.body}`);
  const configId = config.json().id as number;
  const model = async (name: string, kind: 'chat' | 'image') => {
    const res = await call(app, admin, 'POST', '/api/llm/deepseek-models/', {
      config: configId,
      name,
      kind,
      is_default: true,
    });
    if (res.statusCode !== 201) throw new Error(`model not created: ${res.body}`);
    return res.json().id as number;
  };
  return {
    admin,
    configId,
    chatModelId: await model('fake-chat', 'chat'),
    imageModelId: await model('fake-image', 'image'),
  };
}

interface SseEvent {
  event: string;
  data: unknown;
}

/** Splits a whole `text/event-stream` body into its events. */
export function parseSse(body: string): SseEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.split('\n').some((line) => line.startsWith('data: ')))
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      return { event, data: JSON.parse(data) as unknown };
    });
}
