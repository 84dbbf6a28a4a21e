import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_LANES } from './lanes.ts';
import { launchBrowserServer } from './support/chromium.ts';
import { freePort } from './support/free-port.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per lane (see e2e/lanes.ts): a worker's spec files all go to its lane's server. */
    baseURLs: string[];
    dataDirs: string[];
    /** One Chromium per lane, launched once: its spec files connect to it instead of launching their own. */
    browserEndpoints: string[];
  }
}

const root = path.resolve(import.meta.dirname, '..');

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`npm start exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health/`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not become healthy in time');
}

/** The command lines of the processes in process group `pgid` (Linux `/proc`). */
function processGroup(pgid: number): string[][] {
  const commands: string[][] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // After "pid (comm) ": state, ppid, pgrp…
      const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (pgrp !== pgid) continue;
      commands.push(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean));
    } catch {
      // the process has exited meanwhile
    }
  }
  return commands;
}

/**
 * Production runs compiled JavaScript: under `npm start` the server is `node … apps/server/dist/main.js`
 * (built by scripts/build-server.mjs) and nothing runs TypeScript through tsx.
 */
function assertCompiledServer(pgid: number): void {
  if (!existsSync('/proc/self/stat')) return; // not Linux: nothing to look at
  const commands = processGroup(pgid);
  const shown = commands.map((c) => c.join(' ')).join('\n  ');
  const entry = path.join(root, 'apps/server/dist/main.js');
  if (!commands.some((c) => c.at(-1) === entry)) {
    throw new Error(`npm start does not run the compiled server (${entry}); its processes:\n  ${shown}`);
  }
  if (commands.some((c) => c.some((arg) => arg === 'tsx' || arg.endsWith('.ts') || arg.includes('/tsx/')))) {
    throw new Error(`npm start runs TypeScript at run time; its processes:\n  ${shown}`);
  }
}

interface LaneServer {
  baseURL: string;
  dataDir: string;
  stop: () => Promise<void>;
}

/** Starts the product with `npm start` on a free port and a temporary data folder. */
async function startServer(): Promise<LaneServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'arbor-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn('npm', ['start', '--silent'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      CAPTCHA_DEV_SOLVER: '1',
      // Every spec signs up accounts of its own from this one address; the limits themselves are tested in
      // auth.test.ts, codes.test.ts and brute-force.test.ts.
      SIGNUPS_PER_IP_HOUR: '1000',
      CODE_SENDS_PER_IP_HOUR: '1000',
      MAIL_TRANSPORT: 'file',
      SMS_TRANSPORT: 'file',
      AI_ALLOW_PRIVATE_BASE_URL: '1',
      ARBOR_ADMIN_USERNAME: 'admin',
      ARBOR_ADMIN_PASSWORD: 'arbor-e2e-admin-pass',
      ARBOR_SKIP_WEB_BUILD: process.env.ARBOR_SKIP_WEB_BUILD ?? '0',
    },
  });
  const stop = async () => {
    try {
      if (server.pid) process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseURL, server, 120_000);
    if (server.pid) assertCompiledServer(server.pid);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, dataDir, stop };
}

/**
 * A server for each lane. Lanes never share data, so specs written for one server stay correct; the
 * pages wait on the network and on animations most of the time, so lanes overlap well even on two cores.
 */
export default async function setup(project: TestProject) {
  const lanes = Array.from({ length: E2E_LANES });
  const started = await Promise.allSettled(lanes.map(() => startServer()));
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const launched = await Promise.allSettled(lanes.map(() => launchBrowserServer()));
  const browsers = launched.flatMap((b) => (b.status === 'fulfilled' ? [b.value] : []));
  const stopAll = async () => {
    await Promise.all(browsers.map((b) => b.close()));
    await Promise.all(servers.map((s) => s.stop()));
  };
  const failure = [...started, ...launched].find((s) => s.status === 'rejected');
  if (failure) {
    await stopAll();
    throw failure.reason;
  }
  project.provide(
    'baseURLs',
    servers.map((s) => s.baseURL),
  );
  project.provide(
    'dataDirs',
    servers.map((s) => s.dataDir),
  );
  project.provide(
    'browserEndpoints',
    browsers.map((b) => b.wsEndpoint()),
  );
  return stopAll;
}
