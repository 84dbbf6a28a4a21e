import { Button, Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A failed load with a retry. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('social');
  return (
    <Center py={40}>
      <Stack align="center" gap="sm">
        <ThemeIcon size={48} radius="xl" variant="light" color="red" aria-hidden>
          <IconAlertTriangle />
        </ThemeIcon>
        <Text>{t('error')}</Text>
        <Button variant="light" onClick={onRetry}>
          {t('retry')}
        </Button>
      </Stack>
    </Center>
  );
}

/** Nothing to show yet: an icon, a line, what to do about it. */
export function EmptyState({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <Center py={40}>
      <Stack align="center" gap="sm" maw={480} ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        {children}
      </Stack>
    </Center>
  );
}

export const isNotFound = (error: unknown) => (error as { status?: number } | null)?.status === 404;
