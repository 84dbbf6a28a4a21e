import { PasswordInput, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { passwordStrength } from '../lib/password.ts';

interface NewPasswordInputProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  label?: string;
  name?: string;
}

const COLORS = ['gray', 'red', 'orange', 'yellow', 'teal'] as const;
const LABELS = ['strength.empty', 'strength.weak', 'strength.fair', 'strength.good', 'strength.strong'] as const;

/**
 * A new-password input with a strength meter and the policy as its description, so the rule is read
 * before the server has to refuse it. The meter is a hint; the server's policy is what counts.
 */
export function NewPasswordInput({ value, onChange, error, label, name = 'password' }: NewPasswordInputProps) {
  const { t } = useTranslation('auth');
  const strength = passwordStrength(value);
  return (
    <Stack gap={6}>
      <PasswordInput
        label={label ?? t('fields.newPassword')}
        name={name}
        autoComplete="new-password"
        description={t('password.policy')}
        required
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      {value ? (
        <Stack gap={4}>
          <Progress
            value={strength * 25}
            color={COLORS[strength]}
            size="sm"
            aria-label={t('password.strengthLabel')}
            transitionDuration={200}
          />
          <Text size="xs" c="dimmed" aria-live="polite">
            {t('password.strength', { level: t(LABELS[strength]) })}
          </Text>
        </Stack>
      ) : null}
    </Stack>
  );
}
