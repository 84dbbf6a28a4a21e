import type { AiConfig, AiModel, AiPrompt, AiRequestLog, AiRequestLogDetail } from '@arbor/contract';
import type { Selectable } from 'kysely';
import type { AiConfigsTable, AiModelsTable, AiPromptsTable, AiRequestLogsTable } from '../../db/tables/ai.ts';

/** A provider as the API shows it: the key only as its hint. */
export function presentConfig(row: Selectable<AiConfigsTable>): AiConfig {
  return {
    id: row.id,
    name: row.name,
    base_url: row.base_url,
    api_key: row.api_key_hint,
    is_active: row.is_active === 1,
    timeout_s: row.timeout_s,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function presentModel(row: Selectable<AiModelsTable>): AiModel {
  return {
    id: row.id,
    config: row.config_id,
    name: row.name,
    display_name: row.display_name,
    kind: row.kind,
    max_tokens: row.max_tokens,
    temperature: row.temperature,
    is_default: row.is_default === 1,
    is_active: row.is_active === 1,
  };
}

export function presentPrompt(row: Selectable<AiPromptsTable>): AiPrompt {
  return {
    id: row.id,
    key: row.key,
    language: row.language,
    name: row.name,
    description: row.description,
    system: row.system,
    template: row.template,
    variables: JSON.parse(row.variables) as string[],
    is_active: row.is_active === 1,
  };
}

type RequestLogRow = Selectable<AiRequestLogsTable> & { username: string | null };

export function presentRequestLog(row: RequestLogRow): AiRequestLog {
  return {
    id: row.id,
    user: row.user_id,
    username: row.username,
    kind: row.kind,
    model: row.model,
    status: row.status,
    prompt_tokens: row.prompt_tokens,
    completion_tokens: row.completion_tokens,
    latency_ms: row.latency_ms,
    error: row.error,
    created_at: row.created_at,
  };
}

/** A log with its bodies; a withheld response (a quiz's answers before the submit) is empty but for admins. */
export function presentRequestLogDetail(row: RequestLogRow, viewerIsAdmin: boolean): AiRequestLogDetail {
  const response = row.response_withheld === 1 && !viewerIsAdmin ? '' : row.response_excerpt;
  return { ...presentRequestLog(row), request_body: row.request_excerpt, response_body: response };
}
