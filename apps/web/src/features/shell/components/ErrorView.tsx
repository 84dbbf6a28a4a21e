import { Button, Center, Code, Stack, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface ErrorViewProps {
  status?: number;
  /** Shown under the status; defaults to "404 Not Found" (SPEC §2). */
  message?: string;
  /** Technical detail for a crash, shown small. */
  detail?: string | undefined;
  /** Rendered without the shell around it: fill the window. */
  standalone?: boolean;
}

/** The error page: status code, message and a way home. "Go to home" is a full load so a broken state is left behind. */
export function ErrorView({ status = 404, message, detail, standalone = false }: ErrorViewProps) {
  const { t } = useTranslation('errors');
  return (
    <Center mih={standalone ? '100vh' : '60vh'} p="md">
      <Stack align="center" gap="md" maw={560} ta="center">
        <Text component="p" fz={96} fw={700} lh={1} c="dimmed" ff="heading" aria-hidden>
          {status}
        </Text>
        <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
          {message ?? t('defaultMessage')}
        </Title>
        <Text c="dimmed">{t(status >= 500 ? 'serverHint' : 'notFoundHint')}</Text>
        {detail ? (
          <Code block maw="100%" style={{ whiteSpace: 'pre-wrap' }}>
            {detail}
          </Code>
        ) : null}
        <Button component="a" href="/" leftSection={<IconHome size={18} aria-hidden />} size="md">
          {t('goHome')}
        </Button>
      </Stack>
    </Center>
  );
}
