import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerErrors } from '../../hooks/useServerErrors.ts';
import { passwordLengthError } from '../../lib/password.ts';

/**
 * The state of a `NewPasswordInput` sent as `field` (`password`, or `new_password` for a reset): typing
 * clears its error, and `check()` refuses a password the length policy rejects before any request.
 */
export function useNewPassword(errors: ServerErrors, field: 'password' | 'new_password' = 'password') {
  const { t } = useTranslation('auth');
  const [value, setValue] = useState('');
  return {
    value,
    /** false, with the reason under the input, when the length is outside the policy */
    check(): boolean {
      const lengthError = passwordLengthError(value);
      if (lengthError) errors.setField(field, t(`password.${lengthError}`));
      return !lengthError;
    },
    /** spread on `NewPasswordInput` */
    input: {
      name: field,
      value,
      onChange(next: string) {
        setValue(next);
        errors.clearField(field);
      },
      // A reset may still be refused under `password` by the server's policy.
      error: errors.field(field) ?? errors.field('password'),
    },
  };
}
