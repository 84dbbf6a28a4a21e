import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * How the fake answers the next calls:
 * - `normal`: plausible, deterministic answers
 * - `slow`: like normal after `delayMs` (streams wait `delayMs` between chunks)
 * - `rate_limited` / `server_error`: 429 / 500 with an OpenAI-style error body
 * - `malformed`: children, cards and quiz answers are broken, unrepairable JSON (other answers stay normal)
 * - `fenced`: children, cards and quiz answers wrapped in a ```json fence with chatter around it (repairable)
 * - `redirect`: every call answers 307 to another URL (clients must not follow it)
 * - `image_url`: images come back as a URL served by the fake instead of `b64_json`
 * - `bad_key`: 401 whose message echoes the key, as some providers do
 */
export type FakeLlmMode =
  'normal' | 'slow' | 'rate_limited' | 'server_error' | 'malformed' | 'fenced' | 'redirect' | 'image_url' | 'bad_key';

export interface FakeLlmOptions {
  port?: number;
  host?: string;
  /** delay of the `slow` mode, ms (default 1500) */
  delayMs?: number;
}

export interface FakeLlmRequest {
  method: string;
  path: string;
  /** the bearer token the caller sent (tests check the stored key was decrypted correctly) */
  apiKey: string | null;
  body: unknown;
  /** the whole answer was sent */
  finished: boolean;
  /** the caller closed the connection before the answer was complete */
  hungUp: boolean;
}

/** A stream of the fake held at given points of its answer (`FakeLlm.holdNextStream`). */
export interface StreamHold {
  /** resolves once the stream has sent all it sends before its current hold */
  reached(): Promise<void>;
  /** lets the stream go on to its next hold, or to its end after the last one */
  release(): void;
}

export interface FakeLlm {
  /** base URL to configure, ending in `/v1` */
  url: string;
  /** every request received, oldest first */
  requests: FakeLlmRequest[];
  /** switches the behaviour; with `times`, only the next `times` calls then back to `normal` */
  setMode(mode: FakeLlmMode, options?: { times?: number; delayMs?: number }): void;
  /**
   * Holds the next streamed answer after each of `at` characters (ascending) until the test releases
   * it: a page can be read mid-stream however loaded the machine is, without racing a timer.
   */
  holdNextStream(...at: number[]): StreamHold;
  close(): Promise<void>;
}

interface ChatBody {
  model?: string;
  stream?: boolean;
  messages?: Array<{ role: string; content: string }>;
}

const CHAT_MODEL = 'fake-chat';
const IMAGE_MODEL = 'fake-image';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One step of a held stream: the stream waits at `at` characters until `release` is called. */
interface HoldPoint {
  at: number;
  reached: Signal;
  released: Signal;
}

/** A promise and the function that settles it. */
interface Signal {
  promise: Promise<void>;
  resolve: () => void;
}

function newSignal(): Signal {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

function newHold(at: number[]): { points: HoldPoint[]; hold: StreamHold } {
  const points = at.map((n) => ({
    at: n,
    reached: newSignal(),
    released: newSignal(),
  }));
  let current = 0;
  const hold: StreamHold = {
    reached: () => points[current]?.reached.promise ?? Promise.resolve(),
    release: () => points[current++]?.released.resolve(),
  };
  return { points, hold };
}

/** Waits at the first of `points` the stream has come to (at `sent` characters), unless the caller hangs up. */
async function waitAtHold(points: HoldPoint[], sent: number, signal: AbortSignal): Promise<void> {
  while (points[0] && points[0].at <= sent && !signal.aborted) {
    const point = points.shift()!;
    point.reached.resolve();
    const hungUp = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    await Promise.race([point.released.promise, hungUp]);
  }
}
const estimateTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

/** The node title: the first quoted text of the last user message (the shipped prompts quote it). */
function titleFrom(prompt: string): string {
  return /[“"「『]([^”"」』\n]{1,200})[”"」』]/.exec(prompt)?.[1] ?? 'this topic';
}

type Intent = 'children' | 'summary' | 'content' | 'cards' | 'quiz' | 'tutor';

/** What the caller asks for, recognised from the prompt wording in any of the three languages. */
function intentOf(prompt: string): Intent {
  // The shipped `tutor` prompt tells the model how to cite nodes.
  if (prompt.includes('[[node:<id>]]')) return 'tutor';
  // The shipped `quiz` and `cards` prompts show the JSON shape they want, key included.
  if (/\{"questions":/.test(prompt)) return 'quiz';
  if (/\{"cards":/.test(prompt)) return 'cards';
  if (/JSON/.test(prompt)) return 'children';
  if (/summar|摘要|概要|要約/i.test(prompt)) return 'summary';
  return 'content';
}

function childrenOf(title: string) {
  return ['Foundations', 'Core techniques', 'Practice projects', 'Further reading'].map((part) => ({
    title: `${title}: ${part}`,
    summary: `What to learn about ${part.toLowerCase()} of ${title}.`,
  }));
}

/** How many cards or questions the prompt asks for: the first number from 1 to 10 of its first line (else 3). */
function countFrom(prompt: string): number {
  const wanted = Number(/(?:^|\D)(10|[1-9])(?:\D|$)/.exec(prompt.split('\n')[0] ?? '')?.[1] ?? 3);
  return Math.min(10, Math.max(1, wanted));
}

/**
 * Cards and quizzes about `title`. The quiz's right answer is choice `i % 4` of question `i`, so tests
 * know it; one extra question has three choices and must be dropped by the server's parser.
 */
function structuredJson(intent: 'cards' | 'quiz', title: string, count: number): string {
  if (intent === 'cards') {
    return JSON.stringify({
      cards: Array.from({ length: count }, (_, i) => ({
        front: `Question ${i + 1} about ${title}?`,
        back: `Answer ${i + 1}: the key idea of ${title}.`,
      })),
      note: 'ignored',
    });
  }
  const questions = Array.from({ length: count }, (_, i) => ({
    question: `Question ${i + 1} about ${title}?`,
    choices: ['A', 'B', 'C', 'D'].map((letter) => `${letter}: option of question ${i + 1}`),
    answer: i % 4,
    explanation: `Because of the key idea ${i + 1} of ${title}.`,
  }));
  questions.push({
    question: 'A question with three choices',
    choices: ['x', 'y', 'z'],
    answer: 0,
    explanation: '',
  } as (typeof questions)[number]);
  return JSON.stringify({ questions });
}

function answerFor(intent: Intent, title: string, mode: FakeLlmMode, prompt = ''): string {
  if (intent === 'cards' || intent === 'quiz') {
    const json = structuredJson(intent, title, countFrom(prompt));
    if (mode === 'malformed') return `Here you go: ${json.slice(0, Math.floor(json.length / 2))}`;
    if (mode === 'fenced') return `Sure! Here it is:\n\`\`\`json\n${json}\n\`\`\`\nGood luck.`;
    return json;
  }
  if (intent === 'summary')
    return `${title} in one sentence: the essential ideas, tools and practice needed to master it.`;
  if (intent === 'content') {
    return [
      `## ${title}`,
      '',
      `${title} builds on its parent topic. Start with the basics, then practise.`,
      '',
      '- Learn the key vocabulary',
      '- Work through a small project',
      '- Review and teach it to someone else',
    ].join('\n');
  }
  const json = JSON.stringify(childrenOf(title), null, 2);
  if (mode === 'malformed') return json.slice(0, Math.floor(json.length / 2));
  if (mode === 'fenced')
    return `Sure! Here are some children:\n\`\`\`json\n${json}\n\`\`\`\nLet me know if you need more.`;
  return json;
}

interface CitedNode {
  id: string;
  title: string;
}

/** The nodes a tutor prompt shows as `"Title" [[node:id]]`, in order: the current node comes first. */
function tutorNodes(system: string): CitedNode[] {
  const nodes = new Map<string, CitedNode>();
  for (const match of system.matchAll(/"([^"\n]{1,200})" \[\[node:([^\]\s]+)\]\]/g)) {
    if (!nodes.has(match[2]!)) nodes.set(match[2]!, { id: match[2]!, title: match[1]! });
  }
  return [...nodes.values()];
}

/**
 * A tutor's answer to the last user message (mode and message as the shipped `tutor` template puts
 * them), citing real nodes of the prompt so the client can show them as chips.
 */
function tutorAnswer(messages: Array<{ role: string; content: string }>): string {
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  const last = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const mode = /(?:Mode|模式|モード)[:：]\s*(chat|explain|quiz|next)/.exec(last)?.[1] ?? 'chat';
  const message = last.split('\n\n').slice(1).join('\n\n').trim();
  const [node = { id: '', title: 'this topic' }, ...others] = tutorNodes(system);
  const cite = (n: CitedNode) => (n.id ? `**${n.title}** [[node:${n.id}]]` : `**${n.title}**`);
  const other = others[0] ?? node;
  if (mode === 'explain') {
    return [
      `## ${node.title}`,
      '',
      `${cite(node)} is easiest to learn in small steps.`,
      '',
      `1. Start from what it builds on: ${cite(other)}.`,
      '2. Learn its key words and say its main idea in one sentence.',
      '3. Try it on a small example, then explain it back in your own words.',
      '',
      `**Exercise:** write three sentences about ${node.title} without looking at your notes.`,
    ].join('\n');
  }
  if (mode === 'quiz') {
    const answered = messages.some((m) => m.role === 'assistant');
    return [
      ...(answered ? ['**Grade:** partly right — you named the main idea; add an example next time.', ''] : []),
      `**Question:** in one sentence, what is the main idea of ${cite(node)}?`,
    ].join('\n');
  }
  if (mode === 'next') {
    return [
      `Learn ${cite(other)} next: it is unlocked and builds on what you already know.`,
      '',
      `Then come back to ${cite(node)} and review the cards you keep forgetting.`,
    ].join('\n');
  }
  return [
    `You asked: "${message.slice(0, 300)}"`,
    '',
    `Here is how it relates to ${cite(node)}: focus on its main idea first, then practise it with ${cite(other)}.`,
  ].join('\n');
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function sendError(res: http.ServerResponse, status: number, message: string, type: string) {
  sendJson(res, status, { error: { message, type, code: null } }, status === 429 ? { 'retry-after-ms': '20' } : {});
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

/** A small solid-colour PNG whose colour depends on the prompt, so answers are deterministic. */
async function pngFor(prompt: string): Promise<Buffer> {
  const [r, g, b] = createHash('sha256').update(prompt).digest();
  return sharp({ create: { width: 64, height: 64, channels: 3, background: { r: r!, g: g!, b: b! } } })
    .png()
    .toBuffer();
}

/** Starts a real OpenAI-compatible HTTP server for tests and development. */
export async function startFakeLlm(options: FakeLlmOptions = {}): Promise<FakeLlm> {
  let mode: FakeLlmMode = 'normal';
  let remaining = Infinity;
  let delayMs = options.delayMs ?? 1500;
  const requests: FakeLlmRequest[] = [];
  const files = new Map<string, Buffer>();
  let baseUrl = '';
  /** the hold points the next streamed answer takes (`holdNextStream`) */
  let nextHold: HoldPoint[] | null = null;

  /** The mode for this call; a limited switch counts down and then falls back to normal. */
  const takeMode = (): FakeLlmMode => {
    const current = mode;
    if (current !== 'normal' && Number.isFinite(remaining) && --remaining <= 0) {
      mode = 'normal';
      remaining = Infinity;
    }
    return current;
  };

  async function chat(res: http.ServerResponse, body: ChatBody, current: FakeLlmMode, signal: AbortSignal) {
    const messages = body.messages ?? [];
    const prompt = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const intent = intentOf(messages.map((m) => m.content).join('\n'));
    const text = intent === 'tutor' ? tutorAnswer(messages) : answerFor(intent, titleFrom(prompt), current, prompt);
    const usage = {
      prompt_tokens: estimateTokens(messages.map((m) => m.content).join('')),
      completion_tokens: estimateTokens(text),
      total_tokens: 0,
    };
    usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
    const id = `chatcmpl-${randomBytes(6).toString('hex')}`;
    const created = Math.floor(Date.now() / 1000);
    const model = body.model ?? CHAT_MODEL;
    if (!body.stream) {
      if (current === 'slow') await sleep(delayMs);
      if (signal.aborted) return;
      return sendJson(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
        usage,
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const send = (chunk: unknown) => res.write(`data: ${JSON.stringify(chunk)}\n\n`);
    const frame = (delta: Record<string, string>, finish: string | null) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    send(frame({ role: 'assistant', content: '' }, null));
    const holds = [...(nextHold ?? [])];
    nextHold = null;
    for (let i = 0; i < text.length; i += 12) {
      await waitAtHold(holds, i, signal);
      if (signal.aborted) return;
      if (current === 'slow') await sleep(delayMs);
      send(frame({ content: text.slice(i, i + 12) }, null));
    }
    send(frame({}, 'stop'));
    send({ id, object: 'chat.completion.chunk', created, model, choices: [], usage });
    res.end('data: [DONE]\n\n');
  }

  async function images(
    res: http.ServerResponse,
    body: { prompt?: string; response_format?: string },
    current: FakeLlmMode,
  ) {
    if (current === 'slow') await sleep(delayMs);
    const png = await pngFor(body.prompt ?? '');
    const created = Math.floor(Date.now() / 1000);
    if (current === 'image_url' || body.response_format === 'url') {
      const name = `${randomBytes(8).toString('hex')}.png`;
      files.set(name, png);
      return sendJson(res, 200, { created, data: [{ url: `${baseUrl}/files/${name}` }] });
    }
    return sendJson(res, 200, {
      created,
      data: [{ b64_json: png.toString('base64'), revised_prompt: body.prompt ?? '' }],
    });
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const path = (req.url ?? '/').split('?')[0]!;
    const raw = req.method === 'POST' ? await readBody(req) : '';
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      return sendError(res, 400, 'Request body is not JSON.', 'invalid_request_error');
    }
    const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const record: FakeLlmRequest = {
      method: req.method ?? 'GET',
      path,
      apiKey: auth?.[1] ?? null,
      body,
      finished: false,
      hungUp: false,
    };
    requests.push(record);
    res.on('finish', () => {
      record.finished = true;
    });
    res.on('close', () => {
      record.hungUp = !record.finished;
    });

    if (req.method === 'GET' && path.startsWith('/v1/files/')) {
      const file = files.get(path.slice('/v1/files/'.length));
      if (!file) return sendError(res, 404, 'No such file.', 'not_found');
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(file);
    }
    if (!auth) return sendError(res, 401, 'Missing API key.', 'invalid_request_error');

    const current = takeMode();
    if (current === 'rate_limited') return sendError(res, 429, 'Rate limit reached for requests.', 'rate_limit_error');
    if (current === 'server_error')
      return sendError(res, 500, 'The server had an error while processing your request.', 'server_error');
    if (current === 'bad_key')
      return sendError(res, 401, `Incorrect API key provided: ${auth[1]}.`, 'invalid_request_error');
    if (current === 'redirect') {
      res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' });
      return res.end();
    }
    const abort = new AbortController();
    res.on('close', () => abort.abort());

    if (req.method === 'GET' && path === '/v1/models') {
      const created = Math.floor(Date.now() / 1000);
      return sendJson(res, 200, {
        object: 'list',
        data: [CHAT_MODEL, IMAGE_MODEL].map((id) => ({ id, object: 'model', created, owned_by: 'arbor-fake' })),
      });
    }
    if (req.method === 'POST' && path === '/v1/chat/completions')
      return chat(res, (body ?? {}) as ChatBody, current, abort.signal);
    if (req.method === 'POST' && path === '/v1/images/generations')
      return images(res, (body ?? {}) as { prompt?: string }, current);
    return sendError(res, 404, `Unknown endpoint ${req.method} ${path}.`, 'invalid_request_error');
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendError(res, 500, 'Fake server failure.', 'server_error');
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  baseUrl = `http://${host}:${address.port}/v1`;

  return {
    url: baseUrl,
    requests,
    setMode(next, switchOptions = {}) {
      mode = next;
      remaining = switchOptions.times ?? Infinity;
      if (switchOptions.delayMs !== undefined) delayMs = switchOptions.delayMs;
    },
    holdNextStream(...at) {
      const { points, hold } = newHold(at);
      nextHold = points;
      return hold;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
