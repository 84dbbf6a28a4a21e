import type { CliCommand } from '../../lib/cli-command.ts';
import { findModelIdByName } from './models.repository.ts';
import { createModel } from './models.service.ts';
import { findConfigIdByName } from './providers.repository.ts';
import { createProvider, updateProvider } from './providers.service.ts';

/** `--name <value>` taken out of the arguments: the value and the rest, in order. */
function takeOption(args: string[], name: string): { value: string | undefined; rest: string[] } {
  const index = args.indexOf(`--${name}`);
  if (index < 0) return { value: undefined, rest: args };
  return { value: args[index + 1], rest: [...args.slice(0, index), ...args.slice(index + 2)] };
}

const USAGE = 'ai-provider <base_url> <api_key> <chat model> [image model] [--name <name>]';

/**
 * `npm run admin -- ai-provider …`: makes a provider the active one with its default models, from the
 * shell (`npm run start:try-ai` configures the fake LLM with it). A provider of the same name is
 * updated (its address changes when the fake LLM starts on another port), so it can run again.
 */
export const AI_COMMANDS: Record<string, CliCommand> = {
  'ai-provider': {
    usage: `${USAGE}: make it the active AI provider, with these default models`,
    async run({ db, config, clock, args }) {
      const { value, rest } = takeOption(args, 'name');
      const [baseUrl, apiKey, chat, image] = rest;
      if (!baseUrl || !apiKey || !chat) throw new Error(`Usage: ${USAGE}`);
      const name = value ?? 'AI from the shell';
      const deps = { db, config, clock };
      const existing = await findConfigIdByName(db, name);
      const provider = existing
        ? await updateProvider(deps, existing.id, { base_url: baseUrl, api_key: apiKey, is_active: true })
        : await createProvider(deps, { name, base_url: baseUrl, api_key: apiKey, is_active: true });
      for (const [model, kind] of [
        [chat, 'chat'],
        [image, 'image'],
      ] as const) {
        if (!model) continue;
        const known = await findModelIdByName(db, provider.id, model);
        if (!known) await createModel(deps, { config: provider.id, name: model, kind, is_default: true });
      }
      console.log(`AI provider "${name}" (${baseUrl}) is active, models: ${[chat, image].filter(Boolean).join(', ')}`);
    },
  },
};
