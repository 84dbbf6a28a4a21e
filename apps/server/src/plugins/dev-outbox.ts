import { isIP } from 'node:net';
import { Locale } from '@arbor/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../lib/http-errors.ts';
import { outboxIsLocal, readOutbox, type StoredOutboxMessage } from '../lib/mail/outbox.ts';

const SHOWN = 50;

const TEXT = {
  'zh-CN': {
    title: '本机邮件查看器',
    intro: '这里显示本机服务器“发出”的邮件和短信（它们只写进 DATA_DIR/outbox/，没有真正发出）。只有本机能打开这一页。',
    empty: '还没有邮件。在注册页点击“发送验证码”后刷新本页。',
    refresh: '刷新',
    code: '验证码',
    to: '收件人',
  },
  'en-US': {
    title: 'Local mail viewer',
    intro:
      'The mail and text messages this server "sent" (written to DATA_DIR/outbox/ only, nothing left the machine). Only this machine can open this page.',
    empty: 'No mail yet. Ask for a code on the sign-up page, then refresh this page.',
    refresh: 'Refresh',
    code: 'Code',
    to: 'To',
  },
  'ja-JP': {
    title: 'ローカルメールビューア',
    intro:
      'このサーバーが「送信」したメールと SMS です（DATA_DIR/outbox/ に書き込まれただけで、外部には送られていません）。このページはこのマシンからのみ開けます。',
    empty: 'まだメールはありません。登録ページでコードを送信してから、このページを更新してください。',
    refresh: '更新',
    code: '確認コード',
    to: '宛先',
  },
} satisfies Record<Locale, Record<string, string>>;

const LOCALE_COOKIE = /(?:^|;\s*)arbor_locale=([\w-]+)/;

/** The web app's language cookie, else the browser's first language Arbor has, else zh-CN. */
function localeOf(request: FastifyRequest): Locale {
  const cookie = LOCALE_COOKIE.exec(String(request.headers.cookie ?? ''))?.[1];
  const wanted = [cookie, ...String(request.headers['accept-language'] ?? '').split(',')].map((tag) =>
    tag?.split(';')[0]?.trim().slice(0, 2).toLowerCase(),
  );
  for (const prefix of wanted) {
    const found = Locale.options.find((l) => l.slice(0, 2) === prefix);
    if (found) return found;
  }
  return 'zh-CN';
}

/**
 * A request this machine made itself, straight to the server: a loopback peer and no proxy's
 * forwarding headers (a proxy on the same machine would otherwise hand the page to anyone).
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress ?? '';
  const address = peer.startsWith('::ffff:') ? peer.slice(7) : peer;
  const loopback = address === '::1' || (isIP(address) === 4 && address.startsWith('127.'));
  return loopback && !request.headers['x-forwarded-for'] && !request.headers.forwarded;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function renderMessage(m: StoredOutboxMessage, text: (typeof TEXT)[Locale]): string {
  const code = /\b(\d{6})\b/.exec(m.text)?.[1];
  return `<article data-testid="outbox-message">
<p class="meta"><time>${escapeHtml(m.created_at)}</time> · ${escapeHtml(m.channel)} · ${text.to}: <span data-testid="outbox-to">${escapeHtml(m.to)}</span></p>
${m.subject ? `<h2>${escapeHtml(m.subject)}</h2>` : ''}
${code ? `<p class="code">${text.code}: <strong data-testid="outbox-code">${code}</strong></p>` : ''}
<pre>${escapeHtml(m.text)}</pre>
</article>`;
}

/**
 * `/dev/outbox`: the local mail viewer (README "Your first minutes"). It exists only when the outbox
 * is local (lib/mail/outbox.ts `outboxIsLocal`) and answers only this machine; to anyone else, and in
 * a deployment, the path is as unknown as any other. It shows the outbox's messages and nothing else.
 */
async function devOutboxPlugin(app: FastifyInstance) {
  const { config } = app;
  if (!outboxIsLocal(config)) return;
  app.get('/dev/outbox', { schema: { hide: true } }, async (request, reply) => {
    if (!fromThisMachine(request)) throw notFound(`Not found: ${request.url.split('?')[0]}`);
    const locale = localeOf(request);
    const text = TEXT[locale];
    const messages = await readOutbox(config.dataDir, SHOWN);
    const body = messages.length
      ? messages.map((m) => renderMessage(m, text)).join('\n')
      : `<p data-testid="outbox-empty">${text.empty}</p>`;
    return reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex').type('text/html; charset=utf-8')
      .send(`<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text.title} · Arbor</title>
<style>
body{font-family:system-ui,sans-serif;max-width:760px;margin:0 auto;padding:16px;line-height:1.5;color-scheme:light dark}
article{border:1px solid #8884;border-radius:8px;padding:12px;margin:12px 0}
.meta{color:#888;font-size:13px;margin:0;overflow-wrap:anywhere}
h2{font-size:16px;margin:6px 0}
.code strong{font-size:24px;letter-spacing:3px}
pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:0}
</style></head>
<body><h1>${text.title}</h1><p>${text.intro}</p><p><a href="/dev/outbox">${text.refresh}</a></p>
<main>${body}</main></body></html>`);
  });
}

export default fp(devOutboxPlugin, { name: 'dev-outbox' });
