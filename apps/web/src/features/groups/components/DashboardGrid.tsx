import type { Assignment, DashboardMember } from '@arbor/contract';
import { ActionIcon, Button, Chip, Group as Row, Skeleton, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconBellRinging, IconDownload } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob, safeFilename } from '../../trees/index.ts';
import { LoadError } from '../../../lib/LoadError.tsx';
import { fetchDashboardCsv, useDashboard, useRefreshCounts } from '../api/useDashboard.ts';
import { useNudge } from '../api/useNudge.ts';
import { dashboardRows, type DashboardFilter, type DashboardSort, type SortDirection } from './dashboard-view.ts';
import classes from './Dashboard.module.css';
import { mediumDate } from '../../../lib/medium-date.ts';

const percentOf = (value: number | null) => (value === null ? null : Math.round(value * 100));

/** Owner and mentors: members × nodes, sortable, filtered, exported as CSV; nudge one or all not complete. */
export function DashboardGrid({ groupUuid, assignment }: { groupUuid: string; assignment: Assignment }) {
  const { t, i18n } = useTranslation('groups');
  const dashboard = useDashboard(groupUuid, assignment.id);
  const nudge = useNudge(groupUuid, assignment.id);
  const refreshCounts = useRefreshCounts(groupUuid);
  // each new reading of the grid also refreshes the counts above it (members, complete, overdue)
  useEffect(() => {
    if (dashboard.dataUpdatedAt) refreshCounts();
  }, [dashboard.dataUpdatedAt, refreshCounts]);
  const [sort, setSort] = useState<DashboardSort>('name');
  const [direction, setDirection] = useState<SortDirection>('asc');
  const [filters, setFilters] = useState<DashboardFilter[]>([]);
  const [exporting, setExporting] = useState(false);
  const rows = useMemo(
    () =>
      dashboard.data
        ? dashboardRows(dashboard.data.members, {
            sort,
            direction,
            filters,
            locale: i18n.language,
          })
        : [],
    [dashboard.data, sort, direction, filters, i18n.language],
  );
  if (dashboard.isPending) return <Skeleton h={160} />;
  if (dashboard.isError)
    return <LoadError message={t('dashboard.loadError')} retry={t('retry')} onRetry={() => void dashboard.refetch()} />;
  const { nodes } = dashboard.data;
  const sortBy = (column: DashboardSort) => {
    if (column === sort) setDirection(direction === 'asc' ? 'desc' : 'asc');
    else {
      setSort(column);
      // names read A→Z; numbers are most useful highest first
      setDirection(column === 'name' ? 'asc' : 'desc');
    }
  };
  const sendNudge = (member?: DashboardMember) =>
    nudge.mutate(member ? [member.user.id] : undefined, {
      onSuccess: ({ sent, skipped }) =>
        notifications.show({
          color: sent > 0 ? 'teal' : 'gray',
          message: sent > 0 ? t('dashboard.nudged', { count: sent }) : t('dashboard.nudgeSkipped', { count: skipped }),
        }),
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });
  const exportCsv = async () => {
    setExporting(true);
    try {
      const blob = await fetchDashboardCsv(groupUuid, assignment.id);
      downloadBlob(blob, safeFilename(assignment.subject.title, 'csv'));
    } catch {
      notifications.show({ color: 'red', message: t('dashboard.exportFailed') });
    } finally {
      setExporting(false);
    }
  };
  const header = (column: DashboardSort, label: string, className?: string) => (
    <th
      scope="col"
      className={className}
      aria-sort={sort === column ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <button type="button" className={classes.sortButton} onClick={() => sortBy(column)}>
        {label}
        {sort === column ? (
          direction === 'asc' ? (
            <IconArrowUp size={12} aria-hidden />
          ) : (
            <IconArrowDown size={12} aria-hidden />
          )
        ) : null}
      </button>
    </th>
  );
  return (
    <Stack gap="sm" data-testid="dashboard">
      <Row justify="space-between" gap="xs" wrap="wrap">
        <Chip.Group multiple value={filters} onChange={(value) => setFilters(value as DashboardFilter[])}>
          <Row gap={6}>
            <Chip value="overdue" size="xs">
              {t('dashboard.overdue')}
            </Chip>
            <Chip value="stuck" size="xs">
              {t('dashboard.stuck')}
            </Chip>
          </Row>
        </Chip.Group>
        <Row gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden />}
            loading={exporting}
            onClick={() => void exportCsv()}
          >
            {t('dashboard.export')}
          </Button>
          {assignment.abilities.nudge ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconBellRinging size={14} aria-hidden />}
              loading={nudge.isPending && nudge.variables === undefined}
              onClick={() => sendNudge()}
            >
              {t('dashboard.nudgeAll')}
            </Button>
          ) : null}
        </Row>
      </Row>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {dashboard.data.members.length === 0 ? t('dashboard.noMembers') : t('dashboard.noneMatch')}
        </Text>
      ) : (
        <div className={classes.scroller} tabIndex={0} role="region" aria-label={t('dashboard.label')}>
          <table className={classes.table}>
            <thead>
              <tr>
                {header('name', t('dashboard.member'), classes.pinned)}
                {header('percent', t('dashboard.percent'), classes.num)}
                {header('retention', t('dashboard.retention'), classes.num)}
                {header('activity', t('dashboard.lastActivity'))}
                {nodes.map((node) => (
                  <th key={node.id} scope="col" title={node.title}>
                    <span className={classes.nodeHead}>{node.title}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((member) => (
                <MemberRow
                  key={member.user.id}
                  member={member}
                  nodes={nodes}
                  canNudge={assignment.abilities.nudge}
                  nudging={nudge.isPending && nudge.variables?.[0] === member.user.id}
                  onNudge={() => sendNudge(member)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Legend />
    </Stack>
  );
}

function MemberRow({
  member,
  nodes,
  canNudge,
  nudging,
  onNudge,
}: {
  member: DashboardMember;
  nodes: ReadonlyArray<{ id: string; title: string }>;
  canNudge: boolean;
  nudging: boolean;
  onNudge: () => void;
}) {
  const { t, i18n } = useTranslation('groups');
  const name = member.user.username;
  const retention = percentOf(member.retention);
  return (
    <tr data-testid="dashboard-row">
      <th scope="row" className={classes.pinned}>
        <Row gap={4} wrap="nowrap" justify="space-between">
          <Text size="sm" truncate fw={500}>
            {name}
          </Text>
          {canNudge && !member.complete ? (
            <Tooltip label={t('dashboard.nudgeOne', { name })} withArrow>
              <ActionIcon
                size="sm"
                variant="subtle"
                loading={nudging}
                onClick={onNudge}
                aria-label={t('dashboard.nudgeOne', { name })}
              >
                <IconBellRinging size={14} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Row>
      </th>
      <td className={classes.num} data-testid="dashboard-percent">
        {member.percent}%
      </td>
      <td className={classes.num}>{retention === null ? '—' : `${retention}%`}</td>
      <td>
        {member.overdue ? (
          <Text span size="xs" fw={600} mr={4} style={{ color: 'var(--mantine-color-red-text)' }}>
            {t('dashboard.overdueBadge')}
          </Text>
        ) : null}
        {member.last_activity_at ? mediumDate(member.last_activity_at, i18n.language) : '—'}
      </td>
      {nodes.map((node) => {
        const cell = member.cells[node.id];
        const status = cell?.status ?? 'todo';
        const cellRetention = percentOf(cell?.retention ?? null);
        const label =
          cellRetention === null
            ? t('dashboard.cell', { node: node.title, status: t(`status.${status}`) })
            : t('dashboard.cellRetention', { node: node.title, status: t(`status.${status}`), percent: cellRetention });
        return (
          <td key={node.id} title={label}>
            {/* shaded by retention: a faded cell is being forgotten */}
            <span
              className={`${classes.cell} ${classes[status]}`}
              style={cellRetention === null ? undefined : { opacity: 0.35 + 0.65 * (cellRetention / 100) }}
              data-status={status}
            >
              <VisuallyHidden>{label}</VisuallyHidden>
            </span>
          </td>
        );
      })}
    </tr>
  );
}

function Legend() {
  const { t } = useTranslation('groups');
  return (
    <Row gap="md" wrap="wrap" aria-hidden>
      {(['todo', 'learning', 'done', 'skipped'] as const).map((status) => (
        <Row key={status} gap={4} wrap="nowrap">
          <span className={`${classes.cell} ${classes[status]}`} style={{ width: 14, height: 14 }} />
          <Text size="xs" c="dimmed">
            {t(`status.${status}`)}
          </Text>
        </Row>
      ))}
      <Text size="xs" c="dimmed">
        {t('dashboard.shadeHint')}
      </Text>
    </Row>
  );
}
