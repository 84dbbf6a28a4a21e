/**
 * Extra tags for the HTML head of the web app's pages, by path: a module adds a provider (the
 * community module: link-preview tags on `/community/{uuid}`) and the web plugin puts the first
 * answer before `</head>` of the page it serves.
 */
export interface PageHeadProvider {
  /** the page paths it answers; its first group is handed to `tags` */
  pattern: RegExp;
  /** the tags, already escaped, or null for none */
  tags: (match: string) => Promise<string | null>;
}

export class PageHeads {
  private readonly providers: PageHeadProvider[] = [];

  add(provider: PageHeadProvider): void {
    this.providers.push(provider);
  }

  /** The tags for a page path, or null when no provider answers it. */
  async for(pathname: string): Promise<string | null> {
    for (const provider of this.providers) {
      const match = provider.pattern.exec(pathname);
      if (match) return provider.tags(match[1] ?? '');
    }
    return null;
  }
}
