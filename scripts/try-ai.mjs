// `npm run start:try-ai`: Arbor with AI working out of the box, for trying it without a provider.
// Starts the fake OpenAI-compatible LLM (apps/server/src/testing/fake-llm-main.ts, on 8660 or any free
// port; FAKE_LLM_PORT to choose), makes it the active AI provider with its models `fake-chat` and
// `fake-image` (`npm run admin -- ai-provider …`, idempotent), then runs `npm start` with
// AI_ALLOW_PRIVATE_BASE_URL=1 so the loopback provider is allowed. Ctrl-C stops both.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const env = { ...process.env, AI_ALLOW_PRIVATE_BASE_URL: '1' };
const tsx = path.join(root, 'node_modules/.bin/tsx');

const fake = spawn(tsx, ['apps/server/src/testing/fake-llm-main.ts'], {
  cwd: root,
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise((resolve, reject) => {
  let seen = '';
  fake.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    seen += chunk;
    const found = /Fake LLM listening on (\S+)/.exec(seen);
    if (found) resolve(found[1]);
  });
  fake.once('exit', (code) => reject(new Error(`the fake LLM exited with ${code}`)));
}).catch((error) => {
  console.error(error.message);
  process.exit(1);
});

const configured = spawnSync(
  tsx,
  ['apps/server/src/cli.ts', 'ai-provider', url, 'fake-key', 'fake-chat', 'fake-image', '--name', 'Fake LLM (try-ai)'],
  { cwd: root, env, stdio: 'inherit' },
);
if (configured.status !== 0) {
  fake.kill('SIGTERM');
  process.exit(configured.status ?? 1);
}

const arbor = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    arbor.kill(signal);
    fake.kill(signal);
  });
}
arbor.on('exit', (code, signal) => {
  fake.kill('SIGTERM');
  process.exit(code ?? (signal ? 1 : 0));
});
