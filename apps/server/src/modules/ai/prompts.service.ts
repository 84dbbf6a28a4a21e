import type { AiPrompt, AiPromptCreate, AiPromptUpdate, Locale } from '@arbor/contract';
import type { Deps } from '../../deps.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { invalidField, notFound } from '../../lib/http-errors.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { presentPrompt } from './ai.presenter.ts';
import { DEFAULT_PROMPTS, type PromptText } from './default-prompts.ts';
import * as repo from './prompts.repository.ts';

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;
const FALLBACK_LANGUAGE: Locale = 'en-US';

/** Placeholder names of a template, in order of first use. */
function templateVariables(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/** Fills `{{name}}` placeholders; unknown ones become empty. */
export function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => values[name] ?? '');
}

/** Admins see every prompt; everyone else only active ones. */
const visibility = (user: AuthUser) => ({ activeOnly: user.role !== 'admin' });
const duplicateKey = () => invalidField('key', 'A prompt with this key and language already exists.');

export async function listPrompts(
  deps: Deps,
  user: AuthUser,
  query: { key?: string; language?: Locale },
  window: PageWindow,
): Promise<{ count: number; results: AiPrompt[] }> {
  const filter = { ...visibility(user), key: query.key, language: query.language };
  const [count, rows] = await Promise.all([
    repo.countPrompts(deps.db, filter),
    repo.listPrompts(deps.db, filter, window),
  ]);
  return { count, results: rows.map(presentPrompt) };
}

export async function getPrompt(deps: Deps, user: AuthUser, id: number): Promise<AiPrompt> {
  const row = await repo.findPrompt(deps.db, id, visibility(user));
  if (!row) throw notFound();
  return presentPrompt(row);
}

export async function createPrompt(deps: Deps, body: AiPromptCreate): Promise<AiPrompt> {
  const now = deps.clock.nowIso();
  try {
    const row = await repo.insertPrompt(deps.db, {
      key: body.key,
      language: body.language ?? 'zh-CN',
      name: body.name,
      description: body.description ?? '',
      system: body.system ?? '',
      template: body.template,
      variables: JSON.stringify(body.variables ?? templateVariables(body.template)),
      is_active: body.is_active === false ? 0 : 1,
      created_at: now,
      updated_at: now,
    });
    return presentPrompt(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateKey();
    throw error;
  }
}

export async function updatePrompt(deps: Deps, id: number, body: AiPromptUpdate): Promise<AiPrompt> {
  const current = await repo.findPrompt(deps.db, id, { activeOnly: false });
  if (!current) throw notFound();
  const template = body.template ?? current.template;
  try {
    const row = await repo.updatePrompt(deps.db, id, {
      ...(body.key !== undefined ? { key: body.key } : {}),
      ...(body.language !== undefined ? { language: body.language } : {}),
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.system !== undefined ? { system: body.system } : {}),
      ...(body.template !== undefined ? { template } : {}),
      ...(body.variables !== undefined || body.template !== undefined
        ? { variables: JSON.stringify(body.variables ?? templateVariables(template)) }
        : {}),
      ...(body.is_active !== undefined ? { is_active: body.is_active ? 1 : 0 } : {}),
      updated_at: deps.clock.nowIso(),
    });
    if (!row) throw notFound();
    return presentPrompt(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateKey();
    throw error;
  }
}

export async function removePrompt(deps: Deps, id: number): Promise<void> {
  if (!(await repo.deletePrompt(deps.db, id))) throw notFound();
}

/**
 * The prompt to use for a key and language: the active row in that language, else in English,
 * else the shipped default. 400 when the key is unknown everywhere.
 */
export async function resolvePrompt(deps: Deps, key: string, language: Locale): Promise<PromptText> {
  const row =
    (await repo.findActivePromptByKey(deps.db, key, language)) ??
    (language === FALLBACK_LANGUAGE ? undefined : await repo.findActivePromptByKey(deps.db, key, FALLBACK_LANGUAGE));
  if (row) return row;
  const shipped = DEFAULT_PROMPTS[key];
  if (!shipped) throw invalidField('prompt_key', `No active prompt "${key}".`);
  return shipped[language];
}

/** Start-up step: inserts the shipped prompts that are missing; never overwrites an admin's edit. */
export async function seedDefaultPrompts(deps: Deps): Promise<void> {
  const now = deps.clock.nowIso();
  for (const [key, languages] of Object.entries(DEFAULT_PROMPTS)) {
    for (const [language, text] of Object.entries(languages) as Array<[Locale, PromptText]>) {
      await repo.insertPromptIfMissing(deps.db, {
        key,
        language,
        ...text,
        variables: JSON.stringify(templateVariables(text.template)),
        is_active: 1,
        created_at: now,
        updated_at: now,
      });
    }
  }
}
