import {
  Alert,
  Button,
  Group,
  ScrollArea,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '../../lib/modals.ts';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  buildDiffView,
  DiffSummary,
  TreeViewer,
  useNodeImages,
  useRollback,
  useVersion,
  useVersions,
  type TreeVersion,
  type TreeWithData,
} from '../trees/index.ts';
import { VersionList } from './VersionList.tsx';
import classes from './Versions.module.css';

/** The working copy is offered as a comparison side too, under this pseudo id. */
const CURRENT = 'current';

function useDocumentOf(tree: TreeWithData, choice: string | null) {
  const id = choice && choice !== CURRENT ? Number(choice) : null;
  const version = useVersion(id);
  if (choice === CURRENT) return { doc: tree.data, pending: false };
  return { doc: version.data?.data ?? null, pending: id !== null && version.isPending };
}

/** /trees/:uuid/versions: list, view read-only, compare two versions on the canvas, roll back. */
export function VersionHistory({ tree }: { tree: TreeWithData }) {
  const { t } = useTranslation('trees');
  const navigate = useNavigate();
  const versions = useVersions(tree.id);
  const rollback = useRollback(tree.id);
  // The tree's images, for the nodes of any version that show one.
  const imageUrls = useNodeImages(tree.id).data;
  const [mode, setMode] = useState<'view' | 'compare'>('view');
  const [viewId, setViewId] = useState<number | null>(null);
  const [fromChoice, setFromChoice] = useState<string | null>(null);
  const [toChoice, setToChoice] = useState<string | null>(CURRENT);
  const list = useMemo(() => versions.data ?? [], [versions.data]);
  const shownId = viewId ?? list[0]?.id ?? null;
  const shown = useVersion(mode === 'view' ? shownId : null);
  const effectiveFrom = fromChoice ?? (list[0] ? String(list[0].id) : null);
  const from = useDocumentOf(tree, mode === 'compare' ? effectiveFrom : null);
  const to = useDocumentOf(tree, mode === 'compare' ? toChoice : null);
  const comparison = useMemo(() => (from.doc && to.doc ? buildDiffView(from.doc, to.doc) : null), [from.doc, to.doc]);

  const options = [
    { value: CURRENT, label: t('versions.current') },
    ...list.map((v) => ({ value: String(v.id), label: `v${v.number}${v.message ? ` · ${v.message}` : ''}` })),
  ];
  const confirmRollback = (version: TreeVersion) =>
    modals.openConfirmModal({
      title: t('versions.rollbackTitle', { number: version.number }),
      children: <Text size="sm">{t('versions.rollbackBody', { number: version.number })}</Text>,
      labels: { confirm: t('versions.rollback'), cancel: t('common.cancel') },
      confirmProps: { color: 'orange' },
      onConfirm: () =>
        rollback.mutate(
          { versionId: version.id, message: t('versions.rollbackMessage', { number: version.number }) },
          {
            onSuccess: (created) => {
              notifications.show({
                color: 'teal',
                message: t('versions.rolledBack', { number: version.number, created: created.number }),
              });
              void navigate(`/trees/${tree.uuid}`);
            },
            onError: (error) => notifications.show({ color: 'red', message: error.message }),
          },
        ),
    });

  const canvas = (() => {
    if (mode === 'compare') {
      if (!comparison)
        return from.pending || to.pending ? (
          <Skeleton h="100%" />
        ) : (
          <Text c="dimmed" p="md">
            {t('versions.pickTwo')}
          </Text>
        );
      return (
        <TreeViewer
          key={`${effectiveFrom}:${toChoice}`}
          doc={comparison.doc}
          diff={comparison.marks}
          imageUrls={imageUrls}
        />
      );
    }
    if (shown.isPending) return <Skeleton h="100%" />;
    if (!shown.data)
      return (
        <Text c="dimmed" p="md">
          {t('versions.none')}
        </Text>
      );
    return <TreeViewer key={shown.data.id} doc={shown.data.data} imageUrls={imageUrls} />;
  })();

  return (
    <Stack gap="md" data-testid="versions-page">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Button
            component={Link}
            to={`/trees/${tree.uuid}`}
            variant="subtle"
            leftSection={<IconArrowLeft size={16} />}
          >
            {t('versions.backToEditor')}
          </Button>
          <Title order={3}>{t('versions.title', { title: tree.title })}</Title>
        </Group>
        <SegmentedControl
          value={mode}
          onChange={(v) => setMode(v as 'view' | 'compare')}
          data-testid="versions-mode"
          data={[
            { value: 'view', label: t('versions.modeView') },
            { value: 'compare', label: t('versions.modeCompare') },
          ]}
        />
      </Group>
      {versions.isError ? <Alert color="red">{t('versions.loadFailed')}</Alert> : null}
      <div className={classes.layout}>
        <div className={classes.column}>
          {mode === 'compare' ? (
            <Stack gap="xs">
              <Select
                label={t('versions.from')}
                data={options}
                value={effectiveFrom}
                onChange={setFromChoice}
                allowDeselect={false}
                data-testid="compare-from"
              />
              <Select
                label={t('versions.to')}
                data={options}
                value={toChoice}
                onChange={setToChoice}
                allowDeselect={false}
                data-testid="compare-to"
              />
            </Stack>
          ) : null}
          <ScrollArea style={{ flex: 1 }} type="auto">
            {versions.isPending ? (
              <Stack gap="xs">
                {[1, 2, 3].map((i) => (
                  <Skeleton key={i} h={86} radius="md" />
                ))}
              </Stack>
            ) : (
              <VersionList
                versions={list}
                selectedId={mode === 'view' ? shownId : null}
                onRollback={tree.abilities.manage_versions ? confirmRollback : undefined}
                onView={(id) => {
                  setMode('view');
                  setViewId(id);
                }}
              />
            )}
          </ScrollArea>
        </div>
        <div className={classes.canvas}>
          {mode === 'compare' && comparison && from.doc && to.doc ? (
            <div className={classes.legend}>
              <DiffSummary diff={comparison.diff} from={from.doc} to={to.doc} />
            </div>
          ) : null}
          <div className={classes.canvasBody}>{canvas}</div>
        </div>
      </div>
    </Stack>
  );
}
