import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LearnerSettingsSection, MemorySettingsSection } from '../features/learning/index.ts';
import { OfflineSettingsSection } from '../features/offline/index.ts';
import { SettingsPanel } from '../features/settings/index.ts';

export default function SettingsPage() {
  const { t } = useTranslation(['settings', 'shell']);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('shell:routes.settings')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>
      <SettingsPanel />
      <Stack maw={880}>
        <LearnerSettingsSection />
        <MemorySettingsSection />
        <OfflineSettingsSection />
      </Stack>
    </Stack>
  );
}
