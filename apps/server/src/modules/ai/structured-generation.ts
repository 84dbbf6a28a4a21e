import type { AiRequestKind, Locale } from '@arbor/contract';
import type { Deps } from '../../deps.ts';
import type { ChatMessage, ChatRequest } from '../../lib/llm/llm-client.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { activeProvider, storedApiKey } from './ai-runtime.ts';
import { LANGUAGE_WORDS } from './default-prompts.ts';
import { pickModel } from './models.service.ts';
import { renderTemplate, resolvePrompt } from './prompts.service.ts';
import { assertWithinDailyQuota, runUpstreamCall, UnusableAnswer } from './upstream-call.ts';

export interface StructuredGeneration<T> {
  /** the request log's kind */
  kind: AiRequestKind;
  /** the prompt's key (`cards`, `quiz`, …): the admin's active row, else the shipped default */
  promptKey: string;
  language?: Locale;
  /** a model's `name` or id; the default chat model when absent */
  model?: string | number;
  /** the template's `{{placeholders}}`; `language` is filled with the language's own name when absent */
  values: Record<string, string>;
  /** reads the model's whole text; null (or a throw) means the answer is unusable: 502, logged */
  parse: (text: string) => T | null;
  /** the detail of the 502 when `parse` gives nothing */
  unusableDetail?: string;
  /** keeps the answer out of the user's own request log until `revealRequestLogResponse` */
  withholdResponse?: boolean;
}

export interface StructuredResult<T> {
  value: T;
  usage: { prompt_tokens: number; completion_tokens: number };
  request_log: number;
}

const DEFAULT_LANGUAGE: Locale = 'zh-CN';

/**
 * One structured generation for another module (learning's cards and quizzes): checks the provider
 * (503), the model (400), the quota (429), renders the prompt, calls upstream, logs the call whatever
 * happens, and parses the answer; an upstream failure or an answer `parse` cannot use is `502
 * upstream_error` with its log written.
 */
export async function generateFromPrompt<T>(
  deps: Deps,
  user: AuthUser,
  generation: StructuredGeneration<T>,
): Promise<StructuredResult<T>> {
  const { config, client } = await activeProvider(deps);
  const model = await pickModel(deps, config.id, 'chat', generation.model);
  await assertWithinDailyQuota(deps, user);
  const language = generation.language ?? DEFAULT_LANGUAGE;
  const prompt = await resolvePrompt(deps, generation.promptKey, language);
  const values = { language: LANGUAGE_WORDS[language].name, ...generation.values };
  const messages: ChatMessage[] = [
    ...(prompt.system ? [{ role: 'system' as const, content: renderTemplate(prompt.system, values) }] : []),
    { role: 'user', content: renderTemplate(prompt.template, values) },
  ];
  const request: ChatRequest = {
    model: model.name,
    messages,
    maxTokens: model.max_tokens,
    temperature: model.temperature,
  };
  const { value, usage, logId } = await runUpstreamCall(
    deps,
    {
      user,
      kind: generation.kind,
      model: model.name,
      request,
      secrets: [storedApiKey(deps, config)],
      withholdResponse: generation.withholdResponse ?? false,
    },
    async () => {
      const answer = await client.chat(request);
      let parsed: T | null;
      try {
        parsed = generation.parse(answer.text);
      } catch {
        parsed = null;
      }
      if (parsed === null) {
        throw new UnusableAnswer(
          generation.unusableDetail ?? 'The AI model did not answer in the expected format.',
          answer.text,
          answer.usage,
        );
      }
      return { value: parsed, usage: answer.usage, responseText: answer.text };
    },
  );
  return {
    value,
    usage: { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens },
    request_log: logId,
  };
}
