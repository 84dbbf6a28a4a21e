// What the share dialogs check before sending: the limits of the contract's ShareTreeBody and
// ShareUpdateBody, answered with the dialog's own translated messages instead of the server's English.

export const SHARE_LIMITS = { title: 200, description: 2000, tags: 10, tag: 30 } as const;

export interface ShareFormValues {
  title: string;
  description: string;
  tags: string[];
}

/** A problem with one field: the message key under `community:share.errors` and its values. */
export interface ShareFieldProblem {
  key: 'titleRequired' | 'titleTooLong' | 'descriptionTooLong' | 'tagsRequired' | 'tagsTooMany' | 'tagTooLong';
  values?: { tag: string };
}

export type ShareFormProblems = Partial<Record<keyof ShareFormValues, ShareFieldProblem>>;

/** Tags as they will be sent: trimmed, without empty ones or repeats (case-insensitive, as matching is). */
export function cleanTags(tags: string[]): string[] {
  const seen = new Set<string>();
  const clean: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    clean.push(tag);
  }
  return clean;
}

/** The problems of a share form, one per field; empty when it can be sent. */
export function validateShareForm(values: ShareFormValues): ShareFormProblems {
  const problems: ShareFormProblems = {};
  const title = values.title.trim();
  if (!title) problems.title = { key: 'titleRequired' };
  else if (title.length > SHARE_LIMITS.title) problems.title = { key: 'titleTooLong' };
  if (values.description.length > SHARE_LIMITS.description) problems.description = { key: 'descriptionTooLong' };
  const tags = cleanTags(values.tags);
  const long = tags.find((tag) => tag.length > SHARE_LIMITS.tag);
  if (!tags.length) problems.tags = { key: 'tagsRequired' };
  else if (tags.length > SHARE_LIMITS.tags) problems.tags = { key: 'tagsTooMany' };
  else if (long) problems.tags = { key: 'tagTooLong', values: { tag: long } };
  return problems;
}
