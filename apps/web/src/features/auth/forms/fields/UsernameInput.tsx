import { TextInput } from '@mantine/core';
import type { ServerErrors } from '../../hooks/useServerErrors.ts';

interface UsernameInputProps {
  label: string;
  /** the username rule, shown under the input */
  description: string;
  value: string;
  onChange: (value: string) => void;
  /** the form's errors: the input shows the `username` one and typing clears it */
  errors: ServerErrors;
}

/** The username input of signup and the profile, sent as `username`: its rule under the input, the error last. */
export function UsernameInput({ label, description, value, onChange, errors }: UsernameInputProps) {
  return (
    <TextInput
      label={label}
      name="username"
      autoComplete="username"
      description={description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      value={value}
      onChange={(event) => {
        onChange(event.currentTarget.value);
        errors.clearField('username');
      }}
      error={errors.field('username')}
    />
  );
}
