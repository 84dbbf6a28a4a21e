import type { AiRequestKind, Locale } from '@arbor/contract';
import type { Deps } from '../../deps.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { prepareChat, runChat } from './chat-generation.ts';
import { UnusableAnswer } from './upstream-call.ts';

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
  const prepared = await prepareChat(deps, user, generation);
  const { value, usage, logId } = await runChat(deps, prepared, (answer) => {
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
    return parsed;
  });
  return {
    value,
    usage: { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens },
    request_log: logId,
  };
}
