import type { AiModel, AiModelCreate, AiModelUpdate } from '@arbor/contract';
import type { Deps } from '../../deps.ts';
import type { Selectable } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import type { AiModelsTable } from '../../db/tables/ai.ts';
import { invalidField, notFound } from '../../lib/http-errors.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { aiNotConfigured } from './ai-errors.ts';
import { presentModel } from './ai.presenter.ts';
import * as repo from './models.repository.ts';
import { findConfigById } from './providers.repository.ts';

/** Admins see every model; everyone else only active models of the active provider. */
const visibility = (user: AuthUser) => ({ usableOnly: user.role !== 'admin' });

const duplicateName = () => invalidField('name', 'This provider already has a model with this name.');

export async function listModels(
  deps: Deps,
  user: AuthUser,
  query: { kind?: 'chat' | 'image'; config?: number },
  window: PageWindow,
): Promise<{ count: number; results: AiModel[] }> {
  const filter = { ...visibility(user), kind: query.kind, configId: query.config };
  const [count, rows] = await Promise.all([
    repo.countModels(deps.db, filter),
    repo.listModels(deps.db, filter, window),
  ]);
  return { count, results: rows.map(presentModel) };
}

export async function getModel(deps: Deps, user: AuthUser, id: number): Promise<AiModel> {
  const row = await repo.findModel(deps.db, id, visibility(user));
  if (!row) throw notFound();
  return presentModel(row);
}

export async function createModel(deps: Pick<Deps, 'db' | 'config' | 'clock'>, body: AiModelCreate): Promise<AiModel> {
  if (!(await findConfigById(deps.db, body.config))) throw invalidField('config', 'No such provider.');
  const kind = body.kind ?? 'chat';
  const now = deps.clock.nowIso();
  try {
    const row = await deps.db.transaction().execute(async (trx) => {
      if (body.is_default) await repo.clearOtherDefaults(trx, body.config, kind, null);
      return repo.insertModel(trx, {
        config_id: body.config,
        name: body.name,
        display_name: body.display_name || body.name,
        kind,
        max_tokens: body.max_tokens ?? null,
        temperature: body.temperature ?? null,
        is_default: body.is_default ? 1 : 0,
        is_active: body.is_active === false ? 0 : 1,
        created_at: now,
        updated_at: now,
      });
    });
    return presentModel(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName();
    throw error;
  }
}

export async function updateModel(deps: Deps, id: number, body: AiModelUpdate): Promise<AiModel> {
  if (body.config !== undefined && !(await findConfigById(deps.db, body.config)))
    throw invalidField('config', 'No such provider.');
  try {
    const row = await deps.db.transaction().execute(async (trx) => {
      const current = await repo.findModel(trx, id, { usableOnly: false });
      if (!current) throw notFound();
      const next = { config_id: body.config ?? current.config_id, kind: body.kind ?? current.kind };
      const willBeDefault = body.is_default ?? current.is_default === 1;
      if (willBeDefault) await repo.clearOtherDefaults(trx, next.config_id, next.kind, id);
      return repo.updateModel(trx, id, {
        ...next,
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.display_name !== undefined ? { display_name: body.display_name || (body.name ?? current.name) } : {}),
        ...(body.max_tokens !== undefined ? { max_tokens: body.max_tokens } : {}),
        ...(body.temperature !== undefined ? { temperature: body.temperature } : {}),
        ...(body.is_default !== undefined ? { is_default: body.is_default ? 1 : 0 } : {}),
        ...(body.is_active !== undefined ? { is_active: body.is_active ? 1 : 0 } : {}),
        updated_at: deps.clock.nowIso(),
      });
    });
    if (!row) throw notFound();
    return presentModel(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName();
    throw error;
  }
}

export async function removeModel(deps: Deps, id: number): Promise<void> {
  if (!(await repo.deleteModel(deps.db, id))) throw notFound();
}

/**
 * The model a generation uses: the one named (by id or upstream name) among the provider's active
 * models of that kind, else its default. 400 for an unknown name, 503 when the provider has none.
 */
export async function pickModel(
  deps: Deps,
  configId: number,
  kind: 'chat' | 'image',
  ref: number | string | undefined,
): Promise<Selectable<AiModelsTable>> {
  if (ref !== undefined) {
    const named = await repo.findUsableModel(deps.db, configId, kind, ref);
    if (!named) throw invalidField('model', `No active ${kind} model "${ref}".`);
    return named;
  }
  const fallback = await repo.findDefaultModel(deps.db, configId, kind);
  if (!fallback) throw aiNotConfigured(`AI is not configured: the active provider has no active ${kind} model.`);
  return fallback;
}
