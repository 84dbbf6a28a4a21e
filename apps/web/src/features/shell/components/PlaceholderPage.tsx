import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Stand-in for a page whose owner has not landed it yet: its real title and a short note. */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={1}>{t(titleKey)}</Title>
      <Text c="dimmed">{t('common:comingSoon')}</Text>
    </Stack>
  );
}
