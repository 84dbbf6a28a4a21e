// `npm run dev`: the server with reload on 8650 and Vite's dev server (proxying /api) on 5173.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { CAPTCHA_DEV_SOLVER: '1', ...process.env },
  }),
  spawn('npx', ['vite'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
