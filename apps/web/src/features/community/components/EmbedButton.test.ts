import { describe, expect, it } from 'vitest';
import { embedSnippet } from './EmbedButton.tsx';

describe('embedSnippet', () => {
  it('frames the embed page of the template', () => {
    expect(embedSnippet('https://arbor.example', 'a1b2', 'Cooking')).toBe(
      '<iframe src="https://arbor.example/embed/community/a1b2" width="800" height="600" title="Cooking"' +
        ' style="border:0" loading="lazy" allowfullscreen></iframe>',
    );
  });

  it('escapes the title so it cannot leave its attribute', () => {
    const snippet = embedSnippet('https://arbor.example', 'a1b2', `"><script>alert('x')</script> & co`);
    expect(snippet).not.toContain('<script>');
    expect(snippet).toContain('title="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; co"');
  });
});
