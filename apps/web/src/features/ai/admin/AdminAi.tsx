import { Stack, Tabs, Text, Title } from '@mantine/core';
import { IconCpu, IconHistory, IconMessageCode, IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LogsTab } from './LogsTab.tsx';
import { ModelsTab } from './ModelsTab.tsx';
import { PromptsTab } from './PromptsTab.tsx';
import { ProvidersTab } from './ProvidersTab.tsx';

const TABS = [
  { value: 'providers', icon: IconPlugConnected, Panel: ProvidersTab },
  { value: 'models', icon: IconCpu, Panel: ModelsTab },
  { value: 'prompts', icon: IconMessageCode, Panel: PromptsTab },
  { value: 'logs', icon: IconHistory, Panel: LogsTab },
] as const;

/** /admin/ai: providers, models, prompts and request logs. The tab is in the URL so it survives a reload. */
export function AdminAi() {
  const { t } = useTranslation('ai');
  const [params, setParams] = useSearchParams();
  const tab = TABS.some((x) => x.value === params.get('tab')) ? params.get('tab')! : 'providers';
  return (
    <Stack gap="lg" data-testid="admin-ai">
      <Stack gap={4}>
        <Title order={2}>{t('admin.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('admin.subtitle')}
        </Text>
      </Stack>
      <Tabs
        value={tab}
        onChange={(v) => setParams(v && v !== 'providers' ? { tab: v } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          {TABS.map(({ value, icon: Icon }) => (
            <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} />} data-testid={`admin-ai-tab-${value}`}>
              {t(`admin.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map(({ value, Panel }) => (
          <Tabs.Panel key={value} value={value} pt="md">
            <Panel />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
