import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../lib/errors.ts';

/**
 * Error state of one form: a message per field (server `fields` or local checks) and one for the
 * form. Typing in a field clears its message, so stale errors never sit under corrected input.
 */
export function useServerErrors() {
  const { t, i18n } = useTranslation();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);

  const report = useCallback(
    (error: unknown, options?: { codeField?: string }) => {
      const described = describeError(error, t, i18n.language, options);
      setFields(described.fields);
      setMessage(described.message);
      return described;
    },
    [t, i18n.language],
  );

  const setField = useCallback((name: string, text: string | null) => {
    setFields((current) => {
      if (!text) {
        if (!(name in current)) return current;
        const { [name]: _removed, ...rest } = current;
        return rest;
      }
      return { ...current, [name]: text };
    });
  }, []);

  const clear = useCallback(() => {
    setFields({});
    setMessage(null);
  }, []);

  return {
    field: (name: string): string | undefined => fields[name],
    message,
    setMessage,
    report,
    setField,
    clearField: (name: string) => setField(name, null),
    clear,
  };
}

export type ServerErrors = ReturnType<typeof useServerErrors>;
