// `npm start`: builds the web app and the server when their builds are missing or older than their
// sources, then runs the compiled server, `node apps/server/dist/main.js` (migrations run at start;
// no TypeScript at run time: `npm run dev` is the one that runs the sources through tsx).
// Signals are passed through for a graceful shutdown.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildServer, serverBuildIsStale, serverEntry } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const builtIndex = path.join(web, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function webIsStale() {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  const sources = [path.join(web, 'src'), path.join(web, 'public'), path.join(root, 'packages')];
  return Math.max(...sources.map(newestMtime), statSync(path.join(web, 'index.html')).mtimeMs) > built;
}

if (process.env.ARBOR_SKIP_WEB_BUILD !== '1' && webIsStale()) {
  console.log('Building the web app…');
  // Always a production build, even when started from a test runner that sets NODE_ENV=test.
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server bundle (scripts/build-server.mjs: apps/server/src and the workspace packages, under a second).
if (serverBuildIsStale()) {
  console.log('Building the server…');
  try {
    await buildServer();
  } catch {
    process.exit(1); // esbuild has printed what failed
  }
}

const server = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
