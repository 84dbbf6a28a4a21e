import type { FakeLlm } from '../../apps/server/src/testing/fake-llm.ts';
import { api } from './api.ts';
import type { ApiTokens } from './session.ts';

/**
 * Makes `fake` the only active AI provider, with a default chat model `fake-chat`: providers another
 * spec left active are switched off. Resolves with the function that puts everything back.
 */
export async function activateFakeProvider(
  fake: FakeLlm,
  admin: ApiTokens,
  name: string,
): Promise<() => Promise<void>> {
  const configs = await api<{ results: Array<{ id: number; is_active: boolean }> }>(
    'GET',
    '/api/llm/deepseek-config/?page_size=100',
    admin.access,
  );
  const wasActive = configs.results.filter((c) => c.is_active).map((c) => c.id);
  for (const id of wasActive) await api('PATCH', `/api/llm/deepseek-config/${id}/`, admin.access, { is_active: false });
  const provider = await api<{ id: number }>('POST', '/api/llm/deepseek-config/', admin.access, {
    name,
    base_url: fake.url,
    api_key: 'sk-e2e-fake-provider',
    is_active: true,
  });
  await api('POST', '/api/llm/deepseek-models/', admin.access, {
    config: provider.id,
    name: 'fake-chat',
    display_name: 'Fake chat',
    kind: 'chat',
    is_default: true,
    is_active: true,
  });
  return async () => {
    await api('DELETE', `/api/llm/deepseek-config/${provider.id}/`, admin.access).catch(() => undefined);
    for (const id of wasActive)
      await api('PATCH', `/api/llm/deepseek-config/${id}/`, admin.access, { is_active: true }).catch(() => undefined);
  };
}
