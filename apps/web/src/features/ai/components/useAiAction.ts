import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { aiProblemOf, isAbort, type AiProblem } from '../api/errors.ts';
import { aiKeys } from '../api/keys.ts';

/**
 * A one-shot AI call (an image, a batch) with pending and problem states, aborted on unmount, and
 * the quota refreshed afterwards since every call counts against it.
 */
export function useAiAction<Args extends unknown[], Result>(
  run: (signal: AbortSignal, ...args: Args) => Promise<Result>,
) {
  const client = useQueryClient();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<AiProblem | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const execute = useCallback(
    async (...args: Args): Promise<Result | null> => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      setPending(true);
      setProblem(null);
      try {
        return await run(own.signal, ...args);
      } catch (error) {
        if (!isAbort(error)) setProblem(aiProblemOf(error));
        return null;
      } finally {
        if (controller.current === own) setPending(false);
        void client.invalidateQueries({ queryKey: aiKeys.status() });
      }
    },
    [run, client],
  );
  return { execute, pending, problem };
}
