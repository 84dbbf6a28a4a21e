import { TextInput } from '@mantine/core';
import { IconAt, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Channel } from '../api/types.ts';

interface AddressInputProps {
  channel: Channel;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  label?: string;
  autoFocus?: boolean;
}

/** The email or phone a code is sent to, with the right keyboard and autofill on phones. */
export function AddressInput({ channel, value, onChange, error, label, autoFocus }: AddressInputProps) {
  const { t } = useTranslation('auth');
  const email = channel === 'ses';
  return (
    <TextInput
      label={label ?? (email ? t('fields.email') : t('fields.phone'))}
      name={email ? 'email' : 'phone'}
      type={email ? 'email' : 'tel'}
      inputMode={email ? 'email' : 'tel'}
      autoComplete={email ? 'email' : 'tel'}
      placeholder={email ? t('placeholders.email') : t('placeholders.phone')}
      description={email ? undefined : t('hints.phone')}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      leftSection={email ? <IconAt size={16} /> : <IconPhone size={16} />}
      required
      autoFocus={autoFocus}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
    />
  );
}
