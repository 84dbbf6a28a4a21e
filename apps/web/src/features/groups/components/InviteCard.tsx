import { Button, Card, CopyButton, Group as Row, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { joinLink } from './group-paths.ts';
import { QrCode } from './QrCode.tsx';

/** The join link of a group (owner and mentors): copy it, or show its QR code on a projector. */
export function InviteCard({ code, open }: { code: string; open: boolean }) {
  const { t } = useTranslation('groups');
  const link = joinLink(code);
  return (
    <Card withBorder radius="md" padding="md">
      <Row align="flex-start" gap="lg" wrap="wrap">
        <Stack gap="xs" style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Text fw={700} component="h2" size="md" m={0}>
            {t('invite.title')}
          </Text>
          <Text size="sm" c="dimmed">
            {open ? t('invite.intro') : t('invite.closed')}
          </Text>
          <TextInput
            label={t('invite.link')}
            value={link}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            data-testid="join-link"
          />
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                onClick={copy}
                leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                style={{ alignSelf: 'flex-start' }}
                data-testid="copy-join-link"
              >
                {copied ? t('invite.copied') : t('invite.copyLink')}
              </Button>
            )}
          </CopyButton>
          <Text size="xs" c="dimmed">
            {t('invite.code', { code })}
          </Text>
        </Stack>
        <QrCode value={link} label={t('invite.qr')} />
      </Row>
    </Card>
  );
}
