import { Badge, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Me } from '../../../lib/session.ts';
import type { Channel } from '../../auth/index.ts';
import { BindAddressModal } from './BindAddressModal.tsx';
import { UnbindAddressModal } from './UnbindAddressModal.tsx';

type Dialog = { channel: Channel; action: 'bind' | 'unbind' } | null;

/** The bound email and phone, each with bind / change / unbind. */
export function ContactMethods({ me }: { me: Me }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  return (
    <Stack gap="sm">
      <ContactRow channel="ses" value={me.email} onAction={(action) => setDialog({ channel: 'ses', action })} />
      <ContactRow channel="sms" value={me.phone} onAction={(action) => setDialog({ channel: 'sms', action })} />
      {(['ses', 'sms'] as const).map((channel) => (
        <BindAddressModal
          key={`bind-${channel}`}
          channel={channel}
          replacing={Boolean(channel === 'ses' ? me.email : me.phone)}
          opened={dialog?.channel === channel && dialog.action === 'bind'}
          onClose={close}
        />
      ))}
      {me.email ? (
        <UnbindAddressModal
          channel="ses"
          address={me.email}
          opened={dialog?.channel === 'ses' && dialog.action === 'unbind'}
          onClose={close}
        />
      ) : null}
      {me.phone ? (
        <UnbindAddressModal
          channel="sms"
          address={me.phone}
          opened={dialog?.channel === 'sms' && dialog.action === 'unbind'}
          onClose={close}
        />
      ) : null}
    </Stack>
  );
}

interface ContactRowProps {
  channel: Channel;
  value: string | null;
  onAction: (action: 'bind' | 'unbind') => void;
}

function ContactRow({ channel, value, onAction }: ContactRowProps) {
  const { t } = useTranslation('profile');
  const kind = channel === 'ses' ? 'email' : 'phone';
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" py={6}>
      <Group gap="sm" wrap="nowrap" miw={0}>
        <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
          {channel === 'ses' ? <IconMail size={18} /> : <IconPhone size={18} />}
        </ThemeIcon>
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={500}>
            {t(`contact.${kind}.label`)}
          </Text>
          {value ? (
            <Text size="sm" c="dimmed" truncate="end" data-testid={`bound-${kind}`}>
              {value}
            </Text>
          ) : (
            <Badge variant="light" color="gray" size="sm">
              {t('contact.notBound')}
            </Badge>
          )}
        </Stack>
      </Group>
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          onClick={() => onAction('bind')}
          aria-label={t(value ? `contact.${kind}.changeTitle` : `contact.${kind}.bindTitle`)}
        >
          {value ? t('contact.change') : t('contact.bind')}
        </Button>
        {value ? (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => onAction('unbind')}
            aria-label={t(`contact.${kind}.unbindTitle`)}
          >
            {t('contact.unbind')}
          </Button>
        ) : null}
      </Group>
    </Group>
  );
}
