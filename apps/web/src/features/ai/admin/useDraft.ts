import { useCallback, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * A form's values and the server's field errors. The server validates (one schema source), so the
 * form shows its `fields` next to the inputs instead of repeating the rules here.
 */
export function useDraft<T extends object>(initial: T) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = useCallback(<K extends keyof T>(key: K, value: T[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (e[key as string] ? { ...e, [key]: '' } : e));
  }, []);
  /** Field errors of an ApiError onto the form; returns the message for anything else. */
  const absorb = useCallback((error: unknown): string | null => {
    if (error instanceof ApiError && Object.keys(error.fields).length) {
      setErrors(Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, v.join(' ')])));
      return null;
    }
    return error instanceof Error ? error.message : String(error);
  }, []);
  return { values, set, errors, absorb };
}
