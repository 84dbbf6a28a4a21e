import { Alert, Skeleton, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A scrollable admin table with loading, error and empty states, so each tab only declares its columns. */
export function ResourceTable({
  head,
  rows,
  isPending,
  isError,
  empty,
  minWidth = 640,
  testId,
}: {
  head: ReactNode[];
  rows: ReactNode[] | undefined;
  isPending: boolean;
  isError: boolean;
  empty: string;
  minWidth?: number;
  testId?: string;
}) {
  const { t } = useTranslation('ai');
  if (isPending) return <Skeleton h={120} radius="md" />;
  if (isError)
    return (
      <Alert color="red" variant="light">
        {t('admin.loadFailed')}
      </Alert>
    );
  if (!rows?.length)
    return (
      <Text size="sm" c="dimmed" py="lg" ta="center">
        {empty}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="xs" highlightOnHover data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {head.map((h, i) => (
              <Table.Th key={i}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{rows}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
