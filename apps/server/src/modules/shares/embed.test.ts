import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../lib/clock.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { newTemplateHotScore } from './shares.hot.ts';
import * as repo from './shares.repository.ts';
import { searchTextOf } from './shares.search.ts';
import { forgetListCounts } from './shares.service.ts';

let t: TestApp;
let author: TestUser;
let base: string;
const webDist = mkdtempSync(path.join(os.tmpdir(), 'arbor-web-embed-'));
const INDEX =
  '<!doctype html><html lang="zh-CN"><head><title>Arbor</title></head><body><div id="root"></div></body></html>';

const NASTY = 'Cook <script>alert("x")</script> & \'friends\' $& $1';

interface Template {
  id: number;
  uuid: string;
}

async function insertTemplate(
  title: string,
  options: { cover?: boolean; description?: string } = {},
): Promise<Template> {
  const uuid = randomUUID();
  const createdAt = nowIso();
  const data = {
    format: 1,
    layout: { direction: 'TB' },
    nodes: [
      { id: 'root', parent_id: null, title },
      { id: 'knife', parent_id: 'root', title: 'Knife <b>skills</b>', summary: 'Sharp & safe' },
    ],
    links: [],
  };
  const id = await t.app.db
    .transaction()
    .execute((trx) =>
      repo.insertShare(trx, {
        uuid,
        tree_id: null,
        author_id: author.id,
        title,
        description: options.description ?? 'A "quoted" <description>',
        tags: '[]',
        search_text: searchTextOf(title, '', []),
        data: JSON.stringify(data),
        node_count: 2,
        cover_key: options.cover ? 'covers/abc.webp' : null,
        hot_score: newTemplateHotScore(createdAt),
        created_at: createdAt,
        updated_at: createdAt,
      }),
    )
    .finally(() => forgetListCounts(t.app.deps));
  return { id, uuid };
}

let plain: Template;
let nasty: Template;
let hidden: Template;

beforeAll(async () => {
  writeFileSync(path.join(webDist, 'index.html'), INDEX);
  t = await createTestApp({ WEB_DIST_DIR: webDist });
  base = t.app.config.publicBaseUrl;
  author = await createUser(t.app, { username: 'chef' });
  plain = await insertTemplate('Cooking basics', { cover: true });
  nasty = await insertTemplate(NASTY);
  hidden = await insertTemplate('Hidden one');
  await repo.setShareHidden(t.app.db, hidden.id, true);
});
afterAll(async () => t?.close());

const oembed = (url: string, extra = '') =>
  t.app.inject({ method: 'GET', url: `/api/oembed/?url=${encodeURIComponent(url)}${extra}` });

describe('GET /api/oembed/', () => {
  it('answers a rich oEmbed 1.0 iframe for the template page URL, without a login', async () => {
    const res = await oembed(`${base}/community/${plain.uuid}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      type: 'rich',
      version: '1.0',
      title: 'Cooking basics',
      author_name: 'chef',
      author_url: `${base}/u/chef`,
      provider_name: 'Arbor',
      provider_url: `${base}/`,
      html: `<iframe src="${base}/embed/community/${plain.uuid}" width="800" height="600" title="Cooking basics" style="border:0" loading="lazy" allowfullscreen></iframe>`,
      width: 800,
      height: 600,
      thumbnail_url: `${base}/media/covers/abc.webp`,
    });
  });

  it('answers the embed URL too, and honours maxwidth and maxheight', async () => {
    const res = await oembed(`${base}/embed/community/${plain.uuid}/`, '&maxwidth=480&maxheight=2000');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ width: 480, height: 600 });
    expect(res.json().html).toContain('width="480" height="600"');
  });

  it('escapes the title in the html snippet and leaves out a missing cover', async () => {
    const body = (await oembed(`${base}/community/${nasty.uuid}`)).json();
    expect(body.title).toBe(NASTY);
    expect(body.html).not.toContain('<script>');
    expect(body.html).toContain(
      'title="Cook &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;friends&#39; $&amp; $1"',
    );
    expect(body).not.toHaveProperty('thumbnail_url');
  });

  it('answers 404 in the error shape for another site, another path, an unknown or a hidden template', async () => {
    for (const url of [
      `https://elsewhere.example/community/${plain.uuid}`,
      `${base}/trees/${plain.uuid}`,
      `${base}/community/${randomUUID()}`,
      `${base}/community/${hidden.uuid}`,
      'not a url',
    ]) {
      const res = await oembed(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found', detail: expect.any(String) });
    }
  });

  it('refuses a request without url with 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/oembed/' })).statusCode).toBe(400);
  });
});

describe('GET /embed/community/{uuid}', () => {
  it('serves the read-only page, framable from any site, without a login', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/embed/community/${plain.uuid}`,
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(res.headers['content-security-policy']).not.toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.body).toContain('Cooking basics');
    expect(res.body).toContain('Knife &lt;b&gt;skills&lt;/b&gt;');
    expect(res.body).toContain('Open in Arbor');
    expect(res.body).toContain('<script src="/embed/embed.js" defer></script>');
  });

  it('escapes titles in the page and in its node data', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/embed/community/${nasty.uuid}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert');
    const data = /<script type="application\/json" id="arbor-nodes">(.*?)<\/script>/.exec(res.body)?.[1] ?? '';
    expect(data).not.toContain('<');
    expect(JSON.parse(data).root.title).toBe(NASTY);
  });

  it('answers a not-found page for an unknown or hidden template', async () => {
    for (const uuid of [randomUUID(), hidden.uuid, 'nope']) {
      const res = await t.app.inject({ method: 'GET', url: `/embed/community/${uuid}` });
      expect(res.statusCode, uuid).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).not.toContain('Hidden one');
    }
  });

  it('answers any other path under /embed/ with the not-found page, never the framable web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/embed/trees/anything' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('serves its script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/embed/embed.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
  });

  it('keeps every other page and API answer unframable', async () => {
    for (const url of [
      '/',
      `/community/${plain.uuid}`,
      '/api/health/',
      `/api/oembed/?url=${encodeURIComponent(`${base}/community/${plain.uuid}`)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });
});

describe('link previews of /community/{uuid}', () => {
  const page = async (uuid: string) => (await t.app.inject({ method: 'GET', url: `/community/${uuid}` })).body;

  it('puts Open Graph, Twitter card and oEmbed discovery tags in the head', async () => {
    const html = await page(plain.uuid);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<meta property="og:title" content="Cooking basics">');
    expect(head).toContain('<meta property="og:description" content="A &quot;quoted&quot; &lt;description&gt;">');
    expect(head).toContain(`<meta property="og:url" content="${base}/community/${plain.uuid}">`);
    expect(head).toContain(`<meta property="og:image" content="${base}/media/covers/abc.webp">`);
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
    const oembedUrl = `${base}/api/oembed/?url=${encodeURIComponent(`${base}/community/${plain.uuid}`)}`;
    expect(head).toContain(`<link rel="alternate" type="application/json+oembed" href="${oembedUrl}"`);
    expect(html).toContain('<div id="root"></div>');
  });

  it('escapes a title with markup, quotes and replacement patterns', async () => {
    const html = await page(nasty.uuid);
    expect(html).not.toContain('<script>alert');
    expect(html).toContain(
      '<meta property="og:title" content="Cook &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;friends&#39; $&amp; $1">',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).not.toContain('og:image');
  });

  it('serves the plain page for a hidden or unknown template', async () => {
    expect(await page(hidden.uuid)).toBe(INDEX);
    expect(await page(randomUUID())).toBe(INDEX);
  });
});
