import { ApiError } from '../../../lib/api-client.ts';

/** The messages a failed write falls back on, in the UI language (the reviews namespace's `problem.*`). */
export interface ProblemTexts {
  network: string;
  server: string;
  /** a 409 of this kind of write (e.g. "You have already reported this") */
  conflict?: string;
}

/**
 * What a form shows when a write of reviews, comments or reports failed. The server answers `detail`
 * and `fields` in the app's language (it sends Accept-Language), so a refusal (400 validation, 429
 * rate limit, 403) is its own message, the first field message before the generic detail; the app
 * words only what the server could not (no answer, a server fault) and a conflict it explains better.
 */
export function problemText(error: unknown, texts: ProblemTexts): string {
  if (!(error instanceof ApiError) || error.status === 0) return texts.network;
  if (error.status >= 500) return texts.server;
  if (error.status === 409 && texts.conflict) return texts.conflict;
  const fieldMessage = Object.values(error.fields).find((messages) => messages.length > 0)?.[0];
  return fieldMessage ?? error.body.detail;
}
