import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodeSender } from '../hooks/useCodeSender.ts';

interface CodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  sender: CodeSender;
  /** sends the code; the caller knows the channel, purpose and address */
  onSend: () => void;
  /** false while the address is not yet valid */
  canSend: boolean;
  label?: string;
}

/**
 * The six-digit code input with its "Send code" button, which turns into a resend countdown. Only
 * digits are kept so a pasted "123 456" still fits. The "sent to …" note spans the whole row (a long
 * address would wrap badly beside the button) and is tied to the input with aria-describedby.
 */
export function CodeField({ value, onChange, error, sender, onSend, canSend, label }: CodeFieldProps) {
  const { t } = useTranslation('auth');
  const noteId = useId();
  const { remaining, sending, sentTo } = sender;
  return (
    <Stack gap={4}>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={label ?? t('fields.code')}
          name="code"
          placeholder="000000"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          value={value}
          onChange={(event) => onChange(event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
          error={error}
          aria-describedby={sentTo ? noteId : undefined}
        />
        <Button
          variant="light"
          mt={25}
          miw={112}
          onClick={onSend}
          loading={sending}
          disabled={!canSend || remaining > 0}
          aria-label={remaining > 0 ? t('code.resendIn', { seconds: remaining }) : undefined}
        >
          {remaining > 0 ? t('code.resendShort', { seconds: remaining }) : sentTo ? t('code.resend') : t('code.send')}
        </Button>
      </Group>
      {sentTo ? (
        <Text id={noteId} size="xs" c="dimmed" role="status" style={{ overflowWrap: 'anywhere' }}>
          {t('code.sentTo', { address: sentTo })}
        </Text>
      ) : null}
    </Stack>
  );
}
