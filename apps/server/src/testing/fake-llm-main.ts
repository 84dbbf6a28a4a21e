import { startFakeLlm, type FakeLlm, type FakeLlmMode } from './fake-llm.ts';

/**
 * `npm run dev:fake-llm`: the fake OpenAI-compatible server for local development and e2e.
 * FAKE_LLM_PORT (default 8660, or any free port when 8660 is taken; 0 for any free port),
 * FAKE_LLM_HOST (default 127.0.0.1), FAKE_LLM_MODE (default normal). Its first line names its URL.
 */
const DEFAULT_PORT = 8660;
const host = process.env.FAKE_LLM_HOST ?? '127.0.0.1';
const given = process.env.FAKE_LLM_PORT;

async function start(): Promise<FakeLlm> {
  if (given !== undefined && given !== '') return startFakeLlm({ port: Number(given), host });
  try {
    return await startFakeLlm({ port: DEFAULT_PORT, host });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    return startFakeLlm({ port: 0, host });
  }
}

const fake = await start();
if (process.env.FAKE_LLM_MODE) fake.setMode(process.env.FAKE_LLM_MODE as FakeLlmMode);
console.log(`Fake LLM listening on ${fake.url} (models: fake-chat, fake-image; any API key)`);
console.log(
  'Add it under Admin → AI with that base URL; Arbor under `npm start` needs AI_ALLOW_PRIVATE_BASE_URL=1 for it (`npm run start:try-ai` does all of this).',
);

const stop = () => {
  void fake.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
