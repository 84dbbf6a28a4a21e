import type { Generated } from 'kysely';

/** An OpenAI-compatible provider. At most one row has `is_active = 1` (a partial unique index). */
export interface AiConfigsTable {
  id: Generated<number>;
  name: string;
  base_url: string;
  /** AES-256-GCM sealed API key (`lib/llm/secret-box.ts`); never leaves the server */
  api_key_sealed: string;
  /** what the API shows instead of the key, e.g. `sk-…abcd` */
  api_key_hint: string;
  is_active: number;
  timeout_s: number;
  created_at: string;
  updated_at: string;
}

export interface AiModelsTable {
  id: Generated<number>;
  config_id: number;
  /** the upstream model id */
  name: string;
  display_name: string;
  kind: 'chat' | 'image';
  max_tokens: number | null;
  temperature: number | null;
  is_default: number;
  is_active: number;
  created_at: string;
  updated_at: string;
}

export interface AiPromptsTable {
  id: Generated<number>;
  key: string;
  language: 'zh-CN' | 'en-US' | 'ja-JP';
  name: string;
  description: string;
  system: string;
  template: string;
  /** JSON array of placeholder names */
  variables: string;
  is_active: number;
  created_at: string;
  updated_at: string;
}

export interface AiRequestLogsTable {
  id: Generated<number>;
  user_id: number | null;
  kind: 'content' | 'children' | 'summary' | 'image' | 'test' | 'cards' | 'quiz' | 'tutor';
  model: string;
  status: 'success' | 'error';
  prompt_tokens: number;
  completion_tokens: number;
  latency_ms: number;
  error: string | null;
  /** truncated, secrets redacted */
  request_excerpt: string;
  response_excerpt: string;
  /** 1: the response is kept from the log's user (a quiz's answers before it is submitted); admins see it */
  response_withheld: Generated<number>;
  created_at: string;
}

export interface AiTables {
  ai_configs: AiConfigsTable;
  ai_models: AiModelsTable;
  ai_prompts: AiPromptsTable;
  ai_request_logs: AiRequestLogsTable;
}
