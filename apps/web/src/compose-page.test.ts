import { describe, expect, it } from 'vitest';
import { composePrerenderedHtml } from './compose-page.ts';

// The shape of the built index.html (vite.config.ts `deferAppStartup`: stylesheet preloaded, scripts held back).
const index = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta name="description" content="Arbor：构建、分享和学习技能树。" />
    <title>Arbor</title>
    <script>/* head script */</script>
    <script type="text/x-arbor-deferred" src="/assets/rolldown-runtime-a1.js"></script>
    <script type="text/x-arbor-deferred" src="/assets/app-b2.js"></script>
    <link rel="preload" as="style" crossorigin href="/assets/app-c3.css" data-app-stylesheet>
  </head>
  <body>
    <div id="splash"></div>
    <div id="root"></div>
  </body>
</html>`;

describe('composePrerenderedHtml', () => {
  const page = {
    html: '<main>把知识长成一棵树</main>',
    title: 'Home & <more> · Arbor',
    description: 'Skill trees, "shared".',
  };
  const html = composePrerenderedHtml(index, page, 'ja-JP', {
    css: ['assets/ShareGrid-d4.css'],
    js: ['assets/HomePage-e5.js'],
  });

  it('puts the page in #root, inert until the live app replaces it', () => {
    expect(html).toContain(
      '<div id="root"><div class="arbor-prerender" inert><main>把知识长成一棵树</main></div></div>',
    );
  });

  it('marks the document prerendered, in its language, light until the head script decides', () => {
    expect(html).toContain('<html lang="ja-JP" data-prerendered data-mantine-color-scheme="light">');
    expect(html).toContain('<title>Home &#38; &#60;more&#62; · Arbor</title>');
    expect(html).toContain('<meta name="description" content="Skill trees, &#34;shared&#34;." />');
    expect(html).not.toContain('构建、分享和学习技能树');
  });

  it('makes the app stylesheet and the page’s own render-blocking, since the markup needs them', () => {
    expect(html).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/app-c3.css"><link rel="stylesheet" crossorigin href="/assets/ShareGrid-d4.css">',
    );
    expect(html).not.toContain('rel="preload"');
  });

  it('holds the page’s modules back, as the app code, for the head script to start after the first paint', () => {
    expect(html).toContain('<script type="text/x-arbor-deferred" src="/assets/app-b2.js"></script>');
    expect(html).toContain('<link rel="x-arbor-modulepreload" href="/assets/HomePage-e5.js"></head>');
    expect(html).toContain('<script>/* head script */</script>');
  });

  it('fails the build when index.html lost a part it relies on', () => {
    expect(() =>
      composePrerenderedHtml(index.replace('<div id="root"></div>', ''), page, 'zh-CN', { css: [], js: [] }),
    ).toThrow(/root/);
  });
});

describe('composePrerenderedHtml for a signed-in page', () => {
  const firstData = {
    me: { id: 7, username: 'ada' },
    queries: [{ key: ['note'], data: '</script><script>alert(1)</script>', updatedAt: 1 }],
  };
  const html = composePrerenderedHtml(
    index,
    {
      html: '<main>Ada’s list</main>',
      title: 'Community · Arbor',
      signedIn: { viewerId: 7, firstData, elementId: 'arbor-first-data' },
    },
    'en-US',
    { css: [], js: [] },
  );

  it('puts the page right in #root, for the live app to hydrate, inert until it does', () => {
    expect(html).toContain(
      '<div id="root" class="arbor-prerender" data-drawn inert><main>Ada’s list</main></div><script type="application/json"',
    );
  });

  it('names the user it was drawn for, for the head script to compare with this browser’s session', () => {
    expect(html).toContain('<html lang="en-US" data-prerendered data-viewer="7" data-mantine-color-scheme="light">');
  });

  it('keeps the built description', () => {
    expect(html).toContain('<meta name="description" content="Arbor：构建、分享和学习技能树。" />');
  });

  it('carries the answers as JSON data that no text in them can turn into a script', () => {
    const data = /<script type="application\/json" id="arbor-first-data">([^<]*)<\/script>/.exec(html);
    expect(data).not.toBeNull();
    expect(JSON.parse(data![1]!)).toEqual(firstData);
    expect(html.match(/<script/g)).toHaveLength(4);
  });
});
