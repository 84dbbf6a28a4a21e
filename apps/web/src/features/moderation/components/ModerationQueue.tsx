import { Pagination, SegmentedControl, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconFlag, IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../lib/LoadError.tsx';
import { useReports } from '../api/moderation.ts';
import { ModerationLog } from './ModerationLog.tsx';
import { ReportCard } from './ReportCard.tsx';

const PAGE_SIZE = 20;

function Reports({ status, page, go }: { status: 'open' | 'resolved'; page: number; go: (page: number) => void }) {
  const { t } = useTranslation('moderation');
  const { data, isLoading, isError, refetch } = useReports(status, page, PAGE_SIZE);
  if (isLoading) return <Skeleton h={240} radius="md" />;
  if (isError) return <LoadError message={t('error')} retry={t('retry')} onRetry={() => void refetch()} />;
  if (!data?.results.length) return <Text c="dimmed">{status === 'open' ? t('empty') : t('emptyResolved')}</Text>;
  const pages = Math.ceil(data.count / PAGE_SIZE);
  return (
    <Stack gap="md">
      {data.results.map((report) => (
        <ReportCard key={report.id} report={report} />
      ))}
      {pages > 1 ? (
        <Pagination total={pages} value={page} onChange={go} size="sm" aria-label={t('pagination')} />
      ) : null}
    </Stack>
  );
}

/** /admin/moderation: the reports (open or resolved) with their items in place, and the moderation log. */
export function ModerationQueue() {
  const { t } = useTranslation('moderation');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'log' ? 'log' : 'reports';
  const status = params.get('status') === 'resolved' ? 'resolved' : 'open';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const go = (next: { tab?: string; status?: string; page?: number }) => {
    const search = new URLSearchParams();
    if ((next.tab ?? tab) === 'log') search.set('tab', 'log');
    if ((next.status ?? status) === 'resolved') search.set('status', 'resolved');
    if ((next.page ?? 1) > 1) search.set('page', String(next.page));
    setParams(search, { replace: true });
  };
  return (
    <Stack gap="lg" maw={860} mx="auto" w="100%">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <Tabs value={tab} onChange={(value) => go({ tab: value ?? 'reports' })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="reports" leftSection={<IconFlag size={16} aria-hidden />}>
            {t('tabs.reports')}
          </Tabs.Tab>
          <Tabs.Tab value="log" leftSection={<IconHistory size={16} aria-hidden />}>
            {t('tabs.log')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="reports" pt="md">
          <Stack gap="md">
            <SegmentedControl
              aria-label={t('status.label')}
              value={status}
              onChange={(value) => go({ status: value, page: 1 })}
              data={[
                { value: 'open', label: t('status.open') },
                { value: 'resolved', label: t('status.resolved') },
              ]}
              style={{ alignSelf: 'flex-start' }}
            />
            <Reports status={status} page={page} go={(next) => go({ page: next })} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="log" pt="md">
          <ModerationLog />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
