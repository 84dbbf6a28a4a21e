import { Stack } from '@mantine/core';
import type { CodeFlow } from '../hooks/useCodeFlow.ts';
import { AddressInput } from './AddressInput.tsx';
import { Captcha } from './Captcha.tsx';
import { CodeField } from './CodeField.tsx';

interface CodeSectionProps {
  flow: CodeFlow;
  addressLabel?: string;
  codeLabel?: string;
  autoFocus?: boolean;
}

/** Address, captcha and code input of a code form, in the order the user works through them. */
export function CodeSection({ flow, addressLabel, codeLabel, autoFocus }: CodeSectionProps) {
  return (
    <Stack gap="md">
      {flow.addressFixed ? null : (
        <AddressInput
          channel={flow.channel}
          value={flow.typed}
          onChange={flow.setAddress}
          error={flow.addressError}
          label={addressLabel}
          autoFocus={autoFocus}
        />
      )}
      <Captcha ref={flow.captcha} error={flow.errors.field('altcha')} />
      <CodeField
        value={flow.code}
        onChange={flow.setCode}
        error={flow.errors.field('code')}
        sender={flow.sender}
        onSend={() => void flow.send()}
        canSend={flow.addressValid}
        label={codeLabel}
      />
    </Stack>
  );
}
