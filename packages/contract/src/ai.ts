import { NODE_ID_PATTERN } from '@arbor/tree-core';
import { z } from 'zod';
import { Id, Locale, MAX_ID } from './common.ts';

const id = z.number().int();

// ---- Providers (deepseek-config) -------------------------------------------------------------

export const AiConfig = z
  .object({
    id,
    name: z.string(),
    base_url: z.string(),
    api_key: z.string().describe('masked: the first and last characters only, e.g. "sk-…abcd"'),
    is_active: z.boolean(),
    timeout_s: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'AiConfig' });
export type AiConfig = z.infer<typeof AiConfig>;

const baseUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => {
    try {
      return ['http:', 'https:'].includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, 'Enter an http:// or https:// URL.');

export const AiConfigCreate = z.object({
  name: z.string().trim().min(1).max(100),
  base_url: baseUrl,
  api_key: z.string().trim().min(1).max(500),
  is_active: z.boolean().optional(),
  timeout_s: z.number().int().min(1).max(600).optional(),
});
export type AiConfigCreate = z.infer<typeof AiConfigCreate>;
/** PUT and PATCH: every field optional; an absent `api_key` keeps the stored one. */
export const AiConfigUpdate = AiConfigCreate.partial();
export type AiConfigUpdate = z.infer<typeof AiConfigUpdate>;

export const AiConnectionTest = z
  .object({ ok: z.boolean(), models: z.array(z.string()), latency_ms: z.number().int(), detail: z.string() })
  .meta({ id: 'AiConnectionTest' });
export type AiConnectionTest = z.infer<typeof AiConnectionTest>;

// ---- Models (deepseek-models) ----------------------------------------------------------------

export const AiModelKind = z.enum(['chat', 'image']);
export type AiModelKind = z.infer<typeof AiModelKind>;

export const AiModel = z
  .object({
    id,
    config: id,
    name: z.string().describe('the upstream model id'),
    display_name: z.string(),
    kind: AiModelKind,
    max_tokens: z.number().int().nullable(),
    temperature: z.number().nullable(),
    is_default: z.boolean(),
    is_active: z.boolean(),
  })
  .meta({ id: 'AiModel' });
export type AiModel = z.infer<typeof AiModel>;

export const AiModelCreate = z.object({
  config: Id,
  name: z.string().trim().min(1).max(200),
  display_name: z.string().trim().max(200).optional(),
  kind: AiModelKind.optional(),
  max_tokens: z.number().int().min(1).max(200_000).nullable().optional(),
  temperature: z.number().min(0).max(2).nullable().optional(),
  is_default: z.boolean().optional(),
  is_active: z.boolean().optional(),
});
export type AiModelCreate = z.infer<typeof AiModelCreate>;
export const AiModelUpdate = AiModelCreate.partial();
export type AiModelUpdate = z.infer<typeof AiModelUpdate>;
export const AiModelListQuery = z.object({
  kind: AiModelKind.optional(),
  config: z.coerce.number().int().positive().max(MAX_ID).optional(),
});

// ---- Prompts ---------------------------------------------------------------------------------

/** Keys of the prompts the server uses; admins may add more and pick them with `prompt_key`. */
export const BUILTIN_PROMPT_KEYS = ['node_content', 'node_children', 'node_summary', 'node_image'] as const;

export const AiPrompt = z
  .object({
    id,
    key: z.string(),
    language: Locale,
    name: z.string(),
    description: z.string(),
    system: z.string(),
    template: z.string().describe('`{{variable}}` placeholders'),
    variables: z.array(z.string()),
    is_active: z.boolean(),
  })
  .meta({ id: 'AiPrompt' });
export type AiPrompt = z.infer<typeof AiPrompt>;

const promptKey = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9_.-]{0,63}$/, 'Use 1–64 lower-case letters, digits, "_", "." or "-".');
export const AiPromptCreate = z.object({
  key: promptKey,
  language: Locale.optional(),
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2000).optional(),
  system: z.string().max(20_000).optional(),
  template: z.string().min(1).max(20_000),
  variables: z
    .array(z.string().regex(/^\w{1,64}$/))
    .max(50)
    .optional()
    .describe('derived from the template when absent'),
  is_active: z.boolean().optional(),
});
export type AiPromptCreate = z.infer<typeof AiPromptCreate>;
export const AiPromptUpdate = AiPromptCreate.partial();
export type AiPromptUpdate = z.infer<typeof AiPromptUpdate>;
export const AiPromptListQuery = z.object({ key: z.string().max(64).optional(), language: Locale.optional() });

// ---- Generation ------------------------------------------------------------------------------

export const GenerateMode = z.enum(['content', 'children', 'summary']);
export type GenerateMode = z.infer<typeof GenerateMode>;

/** A node id of the tree document: 1–64 letters, digits, `_` or `-`. */
const nodeId = z.string().regex(NODE_ID_PATTERN, 'Node ids are 1–64 letters, digits, "_" or "-".');

export const ModelRef = z.union([Id, z.string().trim().min(1).max(200)]);

export const GenerateNodeRequest = z.object({
  tree: Id.optional(),
  node_id: nodeId.optional(),
  title: z.string().trim().min(1).max(200),
  path: z.array(z.string().max(200)).max(50).optional().describe('ancestor titles, root first'),
  siblings: z.array(z.string().max(200)).max(200).optional().describe('titles of the other children of the parent'),
  content: z.string().max(100_000).optional().describe('current content of the node (e.g. unsaved edits)'),
  mode: GenerateMode,
  language: Locale.optional(),
  prompt_key: promptKey.optional(),
  model: ModelRef.optional(),
  stream: z.boolean().optional(),
});
export type GenerateNodeRequest = z.infer<typeof GenerateNodeRequest>;

export const SuggestedChild = z.object({ title: z.string(), summary: z.string() });
export type SuggestedChild = z.infer<typeof SuggestedChild>;

export const TokenUsage = z.object({ prompt_tokens: z.number().int(), completion_tokens: z.number().int() });

export const GenerateNodeResponse = z
  .object({
    content: z.string(),
    children: z.array(SuggestedChild),
    usage: TokenUsage,
    request_log: id,
  })
  .meta({ id: 'GenerateNodeResponse' });
export type GenerateNodeResponse = z.infer<typeof GenerateNodeResponse>;

/** Server-Sent Events of a streamed generation: `event: <name>` + `data: <json>`. */
export const GenerateStreamDelta = z.object({ text: z.string() });
export const GenerateStreamError = z.object({ detail: z.string(), code: z.string() });

export const ImageSize = z.enum(['512x512', '1024x1024']);
export const GenerateImageRequest = z.object({
  prompt: z.string().trim().min(1).max(4000),
  tree: Id.optional(),
  node_id: nodeId.optional(),
  size: ImageSize.optional(),
  model: ModelRef.optional(),
});
export type GenerateImageRequest = z.infer<typeof GenerateImageRequest>;

/** A node image (see the trees contract) or, without a tree, just the stored file's URL. */
export const GeneratedImage = z.looseObject({ url: z.string() });
export const GenerateImageResponse = z
  .object({ image: GeneratedImage, request_log: id })
  .meta({ id: 'GenerateImageResponse' });
export type GenerateImageResponse = z.infer<typeof GenerateImageResponse>;

export const MAX_IMAGE_BATCH = 10;
export const GenerateImagesBatchRequest = z.object({
  items: z.array(GenerateImageRequest).min(1).max(MAX_IMAGE_BATCH),
});
export const GenerateImagesBatchResult = z.union([
  z.object({ index: z.number().int(), image: GeneratedImage, request_log: id }),
  z.object({ index: z.number().int(), error: GenerateStreamError }),
]);
export const GenerateImagesBatchResponse = z
  .object({ results: z.array(GenerateImagesBatchResult) })
  .meta({ id: 'GenerateImagesBatchResponse' });
export type GenerateImagesBatchResponse = z.infer<typeof GenerateImagesBatchResponse>;

// ---- Request logs ----------------------------------------------------------------------------

export const AiRequestKind = z.enum(['content', 'children', 'summary', 'image', 'test', 'cards', 'quiz', 'tutor']);
export type AiRequestKind = z.infer<typeof AiRequestKind>;
export const AiRequestStatus = z.enum(['success', 'error']);

export const AiRequestLog = z
  .object({
    id,
    user: id.nullable(),
    username: z.string().nullable(),
    kind: AiRequestKind,
    model: z.string(),
    status: AiRequestStatus,
    prompt_tokens: z.number().int(),
    completion_tokens: z.number().int(),
    latency_ms: z.number().int(),
    error: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'AiRequestLog' });
export type AiRequestLog = z.infer<typeof AiRequestLog>;

export const AiRequestLogDetail = AiRequestLog.extend({
  request_body: z.string().describe('truncated, secrets redacted'),
  response_body: z.string().describe('truncated, secrets redacted'),
}).meta({ id: 'AiRequestLogDetail' });
export type AiRequestLogDetail = z.infer<typeof AiRequestLogDetail>;

export const AiRequestLogQuery = z.object({
  status: AiRequestStatus.optional(),
  kind: AiRequestKind.optional(),
  model: z.string().max(200).optional(),
  user: z.coerce.number().int().positive().max(MAX_ID).optional().describe('admins only'),
});

/** Calls and tokens per UTC day, for the admin charts (own usage for non-admins). */
export const AiUsageDay = z.object({
  date: z.string().describe('YYYY-MM-DD (UTC)'),
  calls: z.number().int(),
  errors: z.number().int(),
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
});
export type AiUsageDay = z.infer<typeof AiUsageDay>;
export const AiUsageQuery = z.object({
  days: z.coerce.number().int().min(1).max(366).optional().describe('how many days back, today included (default 30)'),
  user: z.coerce.number().int().positive().max(MAX_ID).optional().describe('admins only'),
});
export const AiUsageResponse = z.object({ results: z.array(AiUsageDay) }).meta({ id: 'AiUsageResponse' });
export type AiUsageResponse = z.infer<typeof AiUsageResponse>;

/** What the editor needs to show AI actions or a clear "not configured" / "quota used" state. */
export const AiStatus = z
  .object({
    configured: z.boolean().describe('an active provider exists'),
    chat: z.boolean().describe('it has an active chat model'),
    image: z.boolean().describe('it has an active image model'),
    quota: z.object({
      limit: z.number().int(),
      used: z.number().int(),
      remaining: z.number().int(),
      resets_at: z.string(),
    }),
  })
  .meta({ id: 'AiStatus' });
export type AiStatus = z.infer<typeof AiStatus>;
