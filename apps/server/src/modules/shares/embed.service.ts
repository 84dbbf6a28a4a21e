import { EMBED_SIZE, type OembedQuery, type OembedResponse } from '@arbor/contract';
import type { TreeDocument } from '@arbor/tree-core';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/http-errors.ts';
import { mediaPath } from '../../lib/storage/storage.ts';
import { findShare } from './shares.repository.ts';
import { escapeHtml, renderEmbedMissing, renderEmbedPage, type EmbedLocale } from './embed.page.ts';
import { findTemplateCard } from './embed.repository.ts';
import { isVisible } from './share-visibility.ts';

/*
 * Templates outside Arbor: the embed page, oEmbed answers and link-preview tags. All of them are public
 * and show only what an anonymous visitor may see: a template a moderator hid is unknown here.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DESCRIPTION_MAX = 300;

interface TemplateCard {
  uuid: string;
  title: string;
  description: string;
  coverUrl: string | null;
  authorName: string;
  authorUrl: string;
  pageUrl: string;
  embedUrl: string;
}

const templateUrls = (base: string, uuid: string) => ({
  pageUrl: `${base}/community/${uuid}`,
  embedUrl: `${base}/embed/community/${uuid}`,
});

/** A visible template's card by uuid, or null (unknown, hidden, or no uuid at all). */
async function publicCard(deps: Deps, uuid: string): Promise<TemplateCard | null> {
  if (!UUID.test(uuid)) return null;
  const row = await findTemplateCard(deps.db, uuid.toLowerCase());
  if (!row || !isVisible(null, row)) return null;
  const base = deps.config.publicBaseUrl;
  const authorName = row.author_name ?? 'deleted';
  return {
    uuid: row.uuid,
    title: row.title,
    description: row.description,
    coverUrl: row.cover_key ? `${base}${mediaPath(row.cover_key)}` : null,
    authorName,
    authorUrl: `${base}/u/${encodeURIComponent(authorName)}`,
    ...templateUrls(base, row.uuid),
  };
}

/** The template a URL of this site names (`/community/{uuid}` or `/embed/community/{uuid}`), or null. */
export function templateUuidOfUrl(publicBaseUrl: string, url: string): string | null {
  let parsed: URL;
  let base: URL;
  try {
    parsed = new URL(url);
    base = new URL(publicBaseUrl);
  } catch {
    return null;
  }
  if (parsed.origin !== base.origin) return null;
  const prefix = base.pathname.replace(/\/+$/, '');
  if (!parsed.pathname.startsWith(`${prefix}/`)) return null;
  const match = /^\/(?:embed\/)?community\/([^/]+)\/?$/.exec(parsed.pathname.slice(prefix.length));
  return match && UUID.test(match[1]!) ? match[1]!.toLowerCase() : null;
}

/** The iframe snippet of a template's embed page, every value escaped. */
export function embedSnippet(embedUrl: string, title: string, width: number, height: number): string {
  return (
    `<iframe src="${escapeHtml(embedUrl)}" width="${width}" height="${height}" title="${escapeHtml(title)}"` +
    ` style="border:0" loading="lazy" allowfullscreen></iframe>`
  );
}

/** oEmbed 1.0 `rich` answer for a template URL of this site; 404 for any other URL or a hidden template. */
export async function oembedFor(deps: Deps, query: OembedQuery): Promise<OembedResponse> {
  const uuid = templateUuidOfUrl(deps.config.publicBaseUrl, query.url);
  const card = uuid ? await publicCard(deps, uuid) : null;
  if (!card) throw notFound('No embeddable template at this URL.');
  const width = Math.min(EMBED_SIZE.width, query.maxwidth ?? EMBED_SIZE.width);
  const height = Math.min(EMBED_SIZE.height, query.maxheight ?? EMBED_SIZE.height);
  return {
    type: 'rich',
    version: '1.0',
    title: card.title,
    author_name: card.authorName,
    author_url: card.authorUrl,
    provider_name: 'Arbor',
    provider_url: `${deps.config.publicBaseUrl}/`,
    html: embedSnippet(card.embedUrl, card.title, width, height),
    width,
    height,
    ...(card.coverUrl ? { thumbnail_url: card.coverUrl } : {}),
  };
}

/** The embed page of a template, or the not-found page (`found: false`) when it is unknown or hidden. */
export async function embedPageOf(
  deps: Deps,
  uuid: string,
  locale: EmbedLocale,
): Promise<{ found: boolean; html: string }> {
  const share = UUID.test(uuid) ? await findShare(deps.db, uuid.toLowerCase()) : undefined;
  if (!share || !isVisible(null, share)) return { found: false, html: renderEmbedMissing(locale) };
  return {
    found: true,
    html: renderEmbedPage({
      title: share.title,
      document: JSON.parse(share.data) as TreeDocument,
      templateUrl: templateUrls(deps.config.publicBaseUrl, share.uuid).pageUrl,
      locale,
    }),
  };
}

/**
 * Open Graph and Twitter card tags and the oEmbed discovery link for the template page's HTML head,
 * or null when the template is unknown or hidden (the page is then served as it is).
 */
export async function templatePageHead(deps: Deps, uuid: string): Promise<string | null> {
  const card = await publicCard(deps, uuid);
  if (!card) return null;
  const description = [...card.description.trim()].slice(0, DESCRIPTION_MAX).join('');
  const oembedUrl = `${deps.config.publicBaseUrl}/api/oembed/?url=${encodeURIComponent(card.pageUrl)}`;
  const meta = (key: 'property' | 'name', name: string, content: string) =>
    `<meta ${key}="${name}" content="${escapeHtml(content)}">`;
  return [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Arbor'),
    meta('property', 'og:title', card.title),
    description ? meta('property', 'og:description', description) : '',
    meta('property', 'og:url', card.pageUrl),
    card.coverUrl ? meta('property', 'og:image', card.coverUrl) : '',
    meta('name', 'twitter:card', card.coverUrl ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', card.title),
    description ? meta('name', 'twitter:description', description) : '',
    card.coverUrl ? meta('name', 'twitter:image', card.coverUrl) : '',
    `<link rel="canonical" href="${escapeHtml(card.pageUrl)}">`,
    `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(oembedUrl)}" title="${escapeHtml(card.title)}">`,
  ].join('');
}
