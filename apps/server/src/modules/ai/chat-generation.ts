import type { AiRequestKind, Locale } from '@arbor/contract';
import type { Selectable } from 'kysely';
import type { Trx } from '../../db/connection.ts';
import type { AiModelsTable } from '../../db/tables/ai.ts';
import type { Deps } from '../../deps.ts';
import { allInOrder } from '../../lib/all-in-order.ts';
import type { ChatAnswer, ChatMessage, ChatRequest, LlmClient, Usage } from '../../lib/llm/llm-client.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { activeProvider } from './ai-runtime.ts';
import { LANGUAGE_WORDS } from './default-prompts.ts';
import { pickModel } from './models.service.ts';
import { renderTemplate, resolvePrompt } from './prompts.service.ts';
import type { PromptText } from './prompt-text.ts';
import { assertWithinDailyQuota, runUpstreamCall } from './upstream-call.ts';

export interface ChatGeneration {
  /** the request log's kind */
  kind: AiRequestKind;
  /** the prompt's key: the admin's active row in `language` (else English), else the shipped default */
  promptKey: string;
  language?: Locale;
  /** a model's `name` or id; the default chat model when absent */
  model?: string | number;
  /** the template's `{{placeholders}}`; `language` is filled with the language's own name when absent */
  values: Record<string, string>;
  /** earlier turns of a conversation, oldest first: sent between the system prompt and the rendered template */
  history?: readonly ChatMessage[];
  /** keeps the response from the user's own request log until `revealRequestLogResponse` */
  withholdResponse?: boolean;
}

/** A chat call whose every precondition held: running it is the only step that can still fail upstream. */
export interface PreparedChat {
  user: AuthUser;
  kind: AiRequestKind;
  client: LlmClient;
  request: ChatRequest;
  apiKey: string | null;
  withholdResponse: boolean;
}

/** What a chat takes from the database before its prompt's values are known. */
export type ChatSettings = Omit<ChatGeneration, 'values' | 'history'>;

/** A chat's provider, model and prompt text, its quota checked: `composeChat` makes it a request. */
export interface ChatSetup {
  user: AuthUser;
  settings: ChatSettings;
  client: LlmClient;
  apiKey: string;
  model: Selectable<AiModelsTable>;
  prompt: PromptText;
}

const DEFAULT_LANGUAGE: Locale = 'zh-CN';

/**
 * Checks the provider (503), the model (400), the quota (429) and reads the prompt, side by side; the
 * refusal is the one the checks in that order would give. It needs none of the prompt's values, so a
 * caller may start it while it reads them (the tutor does).
 */
export async function loadChatSetup(deps: Deps, user: AuthUser, settings: ChatSettings): Promise<ChatSetup> {
  const [{ client, apiKey, model }, , prompt] = await allInOrder([
    activeProvider(deps).then(async (provider) => ({
      ...provider,
      model: await pickModel(deps, provider.config.id, 'chat', settings.model),
    })),
    assertWithinDailyQuota(deps, user),
    resolvePrompt(deps, settings.promptKey, settings.language ?? DEFAULT_LANGUAGE),
  ]);
  return { user, settings, client, apiKey, model, prompt };
}

/** Renders a set-up chat's prompt with `values` (and the conversation's `history`) into its request. */
export function composeChat(setup: ChatSetup, input: Pick<ChatGeneration, 'values' | 'history'>): PreparedChat {
  const { settings, prompt, model } = setup;
  const values = { language: LANGUAGE_WORDS[settings.language ?? DEFAULT_LANGUAGE].name, ...input.values };
  const messages: ChatMessage[] = [
    ...(prompt.system ? [{ role: 'system' as const, content: renderTemplate(prompt.system, values) }] : []),
    ...(input.history ?? []),
    { role: 'user', content: renderTemplate(prompt.template, values) },
  ];
  return {
    user: setup.user,
    kind: settings.kind,
    client: setup.client,
    apiKey: setup.apiKey,
    withholdResponse: settings.withholdResponse ?? false,
    request: { model: model.name, messages, maxTokens: model.max_tokens, temperature: model.temperature },
  };
}

/**
 * Checks the provider (503), the model (400), the quota (429), renders the prompt and builds the chat
 * request: every refusal is thrown here, before an upstream call and before a stream opens.
 */
export async function prepareChat(deps: Deps, user: AuthUser, generation: ChatGeneration): Promise<PreparedChat> {
  return composeChat(await loadChatSetup(deps, user, generation), generation);
}

export interface ChatRun<T> {
  value: T;
  usage: Usage;
  logId: number;
}

/** Writes what a successful chat produced, in the transaction that writes its request log. */
export type KeepAnswer<T, K> = (trx: Trx, value: T, logId: number) => Promise<K>;

/**
 * Runs a prepared chat, whole or streamed (`onDelta` gets each piece as it arrives), and logs it
 * whatever happens; `shape` reads the whole answer (an `UnusableAnswer` it throws is logged as such).
 * Upstream failures, cancellations included, are logged and thrown as `502 upstream_error`. With
 * `keep`, a successful answer is kept (and becomes what this resolves to) in the transaction that
 * logs it: one commit for both.
 */
export async function runChat<T, K = T>(
  deps: Deps,
  prepared: PreparedChat,
  shape: (answer: ChatAnswer) => T,
  options: { signal?: AbortSignal; onDelta?: (text: string) => void; keep?: KeepAnswer<T, K> } = {},
): Promise<ChatRun<K>> {
  const { value, usage, logId } = await runUpstreamCall<T, K>(
    deps,
    {
      user: prepared.user,
      kind: prepared.kind,
      model: prepared.request.model,
      request: prepared.request,
      secrets: [prepared.apiKey],
      withholdResponse: prepared.withholdResponse,
    },
    async () => {
      const answer = options.onDelta
        ? await prepared.client.chatStream(prepared.request, options.onDelta, options.signal)
        : await prepared.client.chat(prepared.request, options.signal);
      return { value: shape(answer), usage: answer.usage, responseText: answer.text };
    },
    options.keep,
  );
  return { value, usage, logId };
}
