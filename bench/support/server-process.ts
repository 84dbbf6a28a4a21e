import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts a TypeScript entry point in its own Node process and waits until `healthPath` answers. */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  healthPath = '/api/health/',
): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url + healthPath)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${entry} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
