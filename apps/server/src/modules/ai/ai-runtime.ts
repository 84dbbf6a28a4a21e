import { lookup } from 'node:dns/promises';
import type { Deps } from '../../deps.ts';
import type { Selectable } from 'kysely';
import type { Config } from '../../config.ts';
import type { AiConfigsTable } from '../../db/tables/ai.ts';
import type { AiStatus } from '@arbor/contract';
import { invalidField } from '../../lib/http-errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { LlmClient } from '../../lib/llm/llm-client.ts';
import { openSecret, sealSecret } from '../../lib/llm/secret-box.ts';
import { isNonPublicAddress } from '../../lib/net/address-policy.ts';
import { assertUrlAllowed, RefusedAddressError, type OutboundPolicy } from '../../lib/net/guarded-fetch.ts';
import { aiNotConfigured } from './ai-errors.ts';
import { findDefaultModel } from './models.repository.ts';
import { findActiveConfig } from './providers.repository.ts';
import { providerStamp, type OpenedProvider } from './provider-clients.ts';
import { dailyQuotaState } from './upstream-call.ts';

const API_KEY_PURPOSE = 'ai-provider-api-key';

/** Private targets are refused only in production, unless the operator opted in (local vLLM/Ollama). */
function outboundPolicy(config: Config): OutboundPolicy {
  return { allowPrivate: config.env !== 'production' || config.ai.allowPrivateBaseUrl };
}

export const sealApiKey = (config: Config, apiKey: string) => sealSecret(apiKey, config.secretKey, API_KEY_PURPOSE);

/**
 * Refuses a base URL the outbound policy forbids, by its literal host and by what it resolves to now.
 * Calls are checked again when connecting (DNS may change); this gives the admin an early, clear answer.
 */
export async function assertBaseUrlAllowed(config: Config, baseUrl: string): Promise<void> {
  const policy = outboundPolicy(config);
  const url = new URL(baseUrl);
  try {
    assertUrlAllowed(url, policy);
  } catch (error) {
    if (!(error instanceof RefusedAddressError)) throw error;
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw invalidField('base_url', `This address is not allowed: ${error.message}`);
    throw invalidField('base_url', PRIVATE_ADDRESS_REFUSED);
  }
  if (policy.allowPrivate) return;
  const addresses = await lookup(url.hostname.replace(/^\[|\]$/g, ''), { all: true }).catch(() => []);
  if (addresses.some((a) => isNonPublicAddress(a.address))) throw invalidField('base_url', PRIVATE_ADDRESS_REFUSED);
}

/**
 * A provider on this machine or the local network, refused: one whole sentence (translated as one in
 * ai.messages.ts) naming the setting that allows it, for an admin trying the fake LLM.
 */
const PRIVATE_ADDRESS_REFUSED =
  'This address is not allowed: it is a loopback, private or link-local address. To use a provider on this machine or your network, start Arbor with AI_ALLOW_PRIVATE_BASE_URL=1.';

interface ActiveProvider {
  config: Selectable<AiConfigsTable>;
  client: LlmClient;
  apiKey: string;
}

/** The plain API key of a stored provider; 503 when SECRET_KEY changed since it was stored. */
function openApiKey(deps: Deps, row: Selectable<AiConfigsTable>): string {
  try {
    return openSecret(row.api_key_sealed, deps.config.secretKey, API_KEY_PURPOSE);
  } catch {
    // SECRET_KEY changed since the key was stored: say so without revealing anything.
    throw aiNotConfigured(
      'The stored API key cannot be decrypted (was SECRET_KEY changed?); an administrator must enter it again.',
    );
  }
}

/** A new client for a stored provider, its key decrypted only in memory. */
export function clientFor(deps: Deps, row: Selectable<AiConfigsTable>): LlmClient {
  return newClient(deps, row, openApiKey(deps, row));
}

const newClient = (deps: Deps, row: Selectable<AiConfigsTable>, apiKey: string) =>
  new LlmClient({ baseUrl: row.base_url, apiKey, timeoutS: row.timeout_s, policy: outboundPolicy(deps.config) });

/** This app's client of a stored provider, opened once for the row as it is now (`provider-clients.ts`). */
function openedProvider(deps: Deps, row: Selectable<AiConfigsTable>): OpenedProvider {
  const kept = deps.runtime.aiProviders;
  const stamp = providerStamp(row);
  const hit = kept.get(row.id, stamp);
  if (hit) return hit;
  const apiKey = openApiKey(deps, row);
  const opened = { client: newClient(deps, row, apiKey), apiKey };
  kept.set(row.id, stamp, opened, 1);
  return opened;
}

/**
 * The active provider, its client and its plain API key (only to redact it from logged excerpts);
 * 503 ai_not_configured when there is none. Its row is read on every call, its client reused.
 */
export async function activeProvider(deps: Deps): Promise<ActiveProvider> {
  const config = await findActiveConfig(deps.db);
  if (!config) throw aiNotConfigured();
  const { client, apiKey } = openedProvider(deps, config);
  return { config, client, apiKey };
}

/** The plain API key of a stored provider: used only to redact it from logged excerpts. */
export function storedApiKey(deps: Deps, row: Selectable<AiConfigsTable>): string | null {
  try {
    return openSecret(row.api_key_sealed, deps.config.secretKey, API_KEY_PURPOSE);
  } catch {
    return null;
  }
}

/** Whether AI can be used right now by this user, for the web to show actions or a clear state. */
export async function aiStatus(deps: Deps, user: AuthUser): Promise<AiStatus> {
  const [config, quota] = await Promise.all([findActiveConfig(deps.db), dailyQuotaState(deps, user)]);
  const [chat, image] = config
    ? await Promise.all([findDefaultModel(deps.db, config.id, 'chat'), findDefaultModel(deps.db, config.id, 'image')])
    : [undefined, undefined];
  return {
    configured: Boolean(config),
    chat: Boolean(chat),
    image: Boolean(image),
    quota: {
      limit: quota.limit,
      used: quota.used,
      remaining: Math.max(0, quota.limit - quota.used),
      resets_at: quota.resetsAt.toISOString(),
    },
  };
}
