import { startFakeLlm, type FakeLlmMode } from './fake-llm.ts';

/**
 * `npm run dev:fake-llm`: the fake OpenAI-compatible server for local development and e2e.
 * FAKE_LLM_PORT (default 8660), FAKE_LLM_HOST (default 127.0.0.1), FAKE_LLM_MODE (default normal).
 */
const port = Number(process.env.FAKE_LLM_PORT ?? 8660);
const fake = await startFakeLlm({ port, host: process.env.FAKE_LLM_HOST ?? '127.0.0.1' });
if (process.env.FAKE_LLM_MODE) fake.setMode(process.env.FAKE_LLM_MODE as FakeLlmMode);
console.log(`Fake LLM listening on ${fake.url} (models: fake-chat, fake-image; any API key)`);
console.log(
  'Configure it as an AI provider with base URL above; Arbor needs AI_ALLOW_PRIVATE_BASE_URL=1 in production mode.',
);

const stop = () => {
  void fake.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
