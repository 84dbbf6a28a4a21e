import type { AiConfig, AiConfigCreate, AiConfigUpdate, AiConnectionTest } from '@arbor/contract';
import type { Deps } from '../../deps.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, conflict, notFound } from '../../lib/http-errors.ts';
import { maskSecret } from '../../lib/llm/secret-box.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { presentConfig } from './ai.presenter.ts';
import { assertBaseUrlAllowed, clientFor, sealApiKey, storedApiKey } from './ai-runtime.ts';
import * as repo from './providers.repository.ts';
import { runUpstreamCall } from './upstream-call.ts';

const DEFAULT_TIMEOUT_S = 60;

/** Two admins activating different providers at once: the database's one-active index decides. */
async function withOneActiveRule<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('Another provider was activated at the same time; reload and try again.');
    throw error;
  }
}

/** Providers, newest first (admins). */
export async function listProviders(deps: Deps, window: PageWindow): Promise<{ count: number; results: AiConfig[] }> {
  const [count, rows] = await Promise.all([repo.countConfigs(deps.db), repo.listConfigs(deps.db, window)]);
  return { count, results: rows.map(presentConfig) };
}

export async function getProvider(deps: Deps, id: number): Promise<AiConfig> {
  const row = await repo.findConfigById(deps.db, id);
  if (!row) throw notFound();
  return presentConfig(row);
}

/** Stores a provider with its key sealed; activating it deactivates the others in the same transaction. */
export async function createProvider(
  deps: Pick<Deps, 'db' | 'config' | 'clock'>,
  body: AiConfigCreate,
): Promise<AiConfig> {
  await assertBaseUrlAllowed(deps.config, body.base_url);
  const now = deps.clock.nowIso();
  const row = await withOneActiveRule(() =>
    deps.db.transaction().execute(async (trx) => {
      if (body.is_active) await repo.deactivateOtherConfigs(trx, null, now);
      return repo.insertConfig(trx, {
        name: body.name,
        base_url: body.base_url,
        api_key_sealed: sealApiKey(deps.config, body.api_key),
        api_key_hint: maskSecret(body.api_key),
        is_active: body.is_active ? 1 : 0,
        timeout_s: body.timeout_s ?? DEFAULT_TIMEOUT_S,
        created_at: now,
        updated_at: now,
      });
    }),
  );
  return presentConfig(row);
}

/** PUT/PATCH: only the given fields change; an absent `api_key` keeps the stored one. */
export async function updateProvider(
  deps: Pick<Deps, 'db' | 'config' | 'clock'>,
  id: number,
  body: AiConfigUpdate,
): Promise<AiConfig> {
  if (body.base_url !== undefined) await assertBaseUrlAllowed(deps.config, body.base_url);
  const now = deps.clock.nowIso();
  const row = await withOneActiveRule(() =>
    deps.db.transaction().execute(async (trx) => {
      if (!(await repo.findConfigById(trx, id))) throw notFound();
      if (body.is_active) await repo.deactivateOtherConfigs(trx, id, now);
      return repo.updateConfig(trx, id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.base_url !== undefined ? { base_url: body.base_url } : {}),
        ...(body.api_key !== undefined
          ? { api_key_sealed: sealApiKey(deps.config, body.api_key), api_key_hint: maskSecret(body.api_key) }
          : {}),
        ...(body.is_active !== undefined ? { is_active: body.is_active ? 1 : 0 } : {}),
        ...(body.timeout_s !== undefined ? { timeout_s: body.timeout_s } : {}),
        updated_at: now,
      });
    }),
  );
  if (!row) throw notFound();
  return presentConfig(row);
}

/** Deletes a provider and its models; request logs keep the model names. */
export async function removeProvider(deps: Deps, id: number): Promise<void> {
  if (!(await repo.deleteConfig(deps.db, id))) throw notFound();
}

/** Lists the provider's models upstream: proves URL and key work. Logged like every upstream call. */
export async function testProvider(deps: Deps, user: AuthUser, id: number): Promise<AiConnectionTest> {
  const row = await repo.findConfigById(deps.db, id);
  if (!row) throw notFound();
  const started = performance.now();
  try {
    const { value } = await runUpstreamCall(
      deps,
      {
        user,
        kind: 'test',
        model: '',
        request: { method: 'GET', path: '/models' },
        secrets: [storedApiKey(deps, row)],
      },
      async () => {
        const models = await clientFor(deps, row).listModels();
        return { value: models, usage: { promptTokens: 0, completionTokens: 0 }, responseText: models.join(', ') };
      },
    );
    return {
      ok: true,
      models: value,
      latency_ms: Math.round(performance.now() - started),
      detail: `Connected: ${value.length} models.`,
    };
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'upstream_error') throw error;
    return { ok: false, models: [], latency_ms: Math.round(performance.now() - started), detail: error.detail };
  }
}
