import { PasswordInput } from '@mantine/core';
import type { ServerErrors } from '../../hooks/useServerErrors.ts';

interface CurrentPasswordInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** the form's errors: the input shows the `password` one and typing clears it */
  errors: ServerErrors;
  /** focused when its modal opens */
  'data-autofocus'?: boolean;
}

/** The account's existing password (login, confirming a deletion), sent as `password`. */
export function CurrentPasswordInput({ label, value, onChange, errors, ...rest }: CurrentPasswordInputProps) {
  return (
    <PasswordInput
      label={label}
      name="password"
      autoComplete="current-password"
      required
      {...rest}
      value={value}
      onChange={(event) => {
        onChange(event.currentTarget.value);
        errors.clearField('password');
      }}
      error={errors.field('password')}
    />
  );
}
