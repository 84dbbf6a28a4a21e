import type { GenerateMode, GenerateNodeRequest, GenerateNodeResponse, Locale } from '@arbor/contract';
import type { Deps } from '../../deps.ts';
import type { ChatAnswer, ChatMessage, ChatRequest, LlmClient } from '../../lib/llm/llm-client.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { activeProvider } from './ai-runtime.ts';
import { parseSuggestedChildren } from './children-parser.ts';
import { LANGUAGE_WORDS } from './default-prompts.ts';
import { pickModel } from './models.service.ts';
import { contextFromBody, type NodeContext } from './node-context.ts';
import { renderTemplate, resolvePrompt } from './prompts.service.ts';
import { loadTreeNodeContext } from './tree-access.ts';
import { assertWithinDailyQuota, runUpstreamCall, UnusableAnswer } from './upstream-call.ts';

const PROMPT_KEYS: Record<GenerateMode, string> = {
  content: 'node_content',
  children: 'node_children',
  summary: 'node_summary',
};
const DEFAULT_LANGUAGE: Locale = 'zh-CN';
const SUMMARY_MAX = 1000;

/** A generation whose every precondition passed; running it is the only step that can still fail upstream. */
interface PreparedGeneration {
  user: AuthUser;
  mode: GenerateMode;
  client: LlmClient;
  request: ChatRequest;
  apiKey: string | null;
}

function promptValues(context: NodeContext, language: Locale): Record<string, string> {
  const words = LANGUAGE_WORDS[language];
  const list = (items: string[], separator = ', ') => (items.length ? items.join(separator) : words.none);
  return {
    title: context.title,
    path: list([...context.path, context.title], words.separator),
    siblings: list(context.siblings),
    children: list(context.children),
    content: context.content.trim() || words.none,
    language: words.name,
  };
}

/**
 * Checks everything that must hold before an upstream call (provider, model, quota, tree access,
 * prompt) and builds the chat request. Throws the API errors (503, 400, 404, 429) before any
 * byte of a stream is sent.
 */
export async function prepareNodeGeneration(
  deps: Deps,
  user: AuthUser,
  body: GenerateNodeRequest,
): Promise<PreparedGeneration> {
  const stored = body.tree !== undefined ? await loadTreeNodeContext(deps, user, body.tree, body.node_id) : null;
  const { config, client, apiKey } = await activeProvider(deps);
  const model = await pickModel(deps, config.id, 'chat', body.model);
  await assertWithinDailyQuota(deps, user);
  const language = body.language ?? DEFAULT_LANGUAGE;
  const prompt = await resolvePrompt(deps, body.prompt_key ?? PROMPT_KEYS[body.mode], language);
  const values = promptValues(contextFromBody(body, stored), language);
  const messages: ChatMessage[] = [
    ...(prompt.system ? [{ role: 'system' as const, content: renderTemplate(prompt.system, values) }] : []),
    { role: 'user', content: renderTemplate(prompt.template, values) },
  ];
  return {
    user,
    mode: body.mode,
    client,
    apiKey,
    request: { model: model.name, messages, maxTokens: model.max_tokens, temperature: model.temperature },
  };
}

/** The answer object of a generation from the model's whole text; children must parse or nothing is returned. */
function shapeAnswer(mode: GenerateMode, answer: ChatAnswer): Omit<GenerateNodeResponse, 'request_log'> {
  const usage = { prompt_tokens: answer.usage.promptTokens, completion_tokens: answer.usage.completionTokens };
  if (mode === 'children') {
    const children = parseSuggestedChildren(answer.text);
    if (!children) {
      throw new UnusableAnswer(
        'The AI model did not answer with a valid list of children (expected a JSON array of {title, summary}).',
        answer.text,
        answer.usage,
      );
    }
    return { content: '', children, usage };
  }
  const text = answer.text.trim();
  return { content: mode === 'summary' ? text.replace(/\s+/g, ' ').slice(0, SUMMARY_MAX) : text, children: [], usage };
}

/**
 * Runs a prepared generation, whole or streamed (`onDelta` gets each piece of text as it arrives),
 * and logs it. Upstream failures and unusable answers throw `502 upstream_error`.
 */
export async function runNodeGeneration(
  deps: Deps,
  prepared: PreparedGeneration,
  options: { signal?: AbortSignal; onDelta?: (text: string) => void } = {},
): Promise<GenerateNodeResponse> {
  const { value, logId } = await runUpstreamCall(
    deps,
    {
      user: prepared.user,
      kind: prepared.mode,
      model: prepared.request.model,
      request: prepared.request,
      secrets: [prepared.apiKey],
    },
    async () => {
      const answer = options.onDelta
        ? await prepared.client.chatStream(prepared.request, options.onDelta, options.signal)
        : await prepared.client.chat(prepared.request, options.signal);
      return { value: shapeAnswer(prepared.mode, answer), usage: answer.usage, responseText: answer.text };
    },
  );
  return { ...value, request_log: logId };
}
