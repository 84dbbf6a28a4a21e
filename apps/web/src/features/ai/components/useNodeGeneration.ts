import type { GenerateMode, GenerateNodeResponse } from '@arbor/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { aiProblemOf, isAbort, type AiProblem } from '../api/errors.ts';
import { streamNode, type GenerateNodeInput } from '../api/generation.ts';
import { aiKeys } from '../api/keys.ts';

type GenerationPhase = 'idle' | 'streaming' | 'done' | 'stopped' | 'error';

export interface GenerationState {
  mode: GenerateMode | null;
  phase: GenerationPhase;
  /** the text received so far (the whole answer once done) */
  text: string;
  result: GenerateNodeResponse | null;
  problem: AiProblem | null;
}

const IDLE: GenerationState = { mode: null, phase: 'idle', text: '', result: null, problem: null };

/** One streamed generation at a time: start, stop (abort, keeping what arrived), reset. */
export function useNodeGeneration() {
  const client = useQueryClient();
  const [state, setState] = useState<GenerationState>(IDLE);
  const current = useRef<AbortController | null>(null);

  // Leaving the node (or the editor) must not leave an upstream call running for nothing.
  useEffect(() => () => current.current?.abort(), []);

  const start = useCallback(
    async (input: GenerateNodeInput) => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      setState({ ...IDLE, mode: input.mode, phase: 'streaming' });
      try {
        const result = await streamNode(input, {
          signal: controller.signal,
          onDelta: (text) => setState((s) => ({ ...s, text: s.text + text })),
        });
        if (current.current === controller)
          setState((s) => ({ ...s, phase: 'done', text: result.content || s.text, result }));
      } catch (error) {
        // A superseded or reset run says nothing; a stopped one keeps its text.
        if (current.current !== controller) return;
        setState((s) =>
          isAbort(error) ? { ...s, phase: 'stopped' } : { ...s, phase: 'error', problem: aiProblemOf(error) },
        );
      } finally {
        void client.invalidateQueries({ queryKey: aiKeys.status() });
      }
    },
    [client],
  );

  const stop = useCallback(() => current.current?.abort(), []);
  const reset = useCallback(() => {
    const running = current.current;
    current.current = null;
    running?.abort();
    setState(IDLE);
  }, []);

  return { state, start, stop, reset };
}
