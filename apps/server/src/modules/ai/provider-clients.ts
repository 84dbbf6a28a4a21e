import type { Selectable } from 'kysely';
import type { AiConfigsTable } from '../../db/tables/ai.ts';
import { RevisionCache } from '../../lib/cache/revision-cache.ts';
import type { LlmClient } from '../../lib/llm/llm-client.ts';

declare module '../../deps.ts' {
  interface AppRuntime {
    /** the AI providers' clients this app opened (`provider-clients.ts`) */
    aiProviders: ProviderClients;
  }
}

/** A provider's client and its API key, decrypted once, only in memory. */
export interface OpenedProvider {
  client: LlmClient;
  apiKey: string;
}

/**
 * One client per stored provider, so that calls share its OpenAI client and its kept-alive
 * connections instead of building both and decrypting the key on every call. Each entry is stamped
 * with everything of the row a client is built from (its `updated_at` and sealed key among them), and
 * callers read the row on every call: an admin's change, made by any process, opens a new client.
 */
export type ProviderClients = RevisionCache<OpenedProvider>;

/** Providers kept by one app: there is one active at a time; a few more cover an admin switching. */
const KEPT_PROVIDERS = 4;

export const createAiProvidersRuntime = (): ProviderClients =>
  new RevisionCache<OpenedProvider>(KEPT_PROVIDERS, KEPT_PROVIDERS);

/** What a client of `row` is built from: a change to any of it makes a new client. */
export const providerStamp = (row: Selectable<AiConfigsTable>) =>
  JSON.stringify([row.updated_at, row.base_url, row.timeout_s, row.api_key_sealed]);
