import type { TreeDocument } from '@arbor/tree-core';
import { Badge, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildDiffView, DiffSummary, TreeViewer, type DiffMark } from '../../../trees/index.ts';
import classes from './compare.module.css';
import { nodeChanges, type NodeChanges } from './node-changes.ts';

// as DiffSummary's colours (Mantine's yellow is too light as text)
const MARK_COLORS: Record<DiffMark, string> = { added: 'green', removed: 'red', changed: 'orange', moved: 'blue' };

function NodePanel({ changes }: { changes: NodeChanges | null }) {
  const { t } = useTranslation('reviews');
  const { t: tt } = useTranslation('trees');
  if (!changes) {
    return (
      <Text size="sm" c="dimmed">
        {t('compare.pickNode')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Title order={3} fz="h5" style={{ overflowWrap: 'anywhere' }}>
        {changes.title}
      </Title>
      {changes.mark ? (
        <Badge color={MARK_COLORS[changes.mark]} variant="light">
          {t(`compare.${changes.mark}`)}
        </Badge>
      ) : (
        <Text size="sm" c="dimmed">
          {t('compare.unchanged')}
        </Text>
      )}
      {changes.rows.map((row) => (
        <Paper key={row.field} withBorder p="xs" radius="sm">
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            {row.field === 'parent' ? t('compare.parent') : tt(`diff.fields.${row.field}`, { defaultValue: row.field })}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            {t('compare.before')}
          </Text>
          <Text size="sm" className={classes.value} td={row.before && row.after ? 'line-through' : undefined}>
            {row.before || t('compare.empty')}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            {t('compare.after')}
          </Text>
          <Text size="sm" className={classes.value}>
            {row.after || t('compare.empty')}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

interface DiffCanvasProps {
  /** the older document; null shows `to` alone (nothing to compare it with) */
  from: TreeDocument | null;
  to: TreeDocument;
  /** changes with the compared pair, so the canvas remounts on the new document */
  viewKey: string;
}

/** Two documents compared: the newer drawn on the read-only canvas with the changes coloured, the list of changes, and the selected node's fields before and after. */
export function DiffCanvas({ from, to, viewKey }: DiffCanvasProps) {
  const { t } = useTranslation('reviews');
  const view = useMemo(() => (from ? buildDiffView(from, to) : null), [from, to]);
  const [selected, setSelected] = useState<{ key: string; id: string } | null>(null);
  const selectedId = selected?.key === viewKey ? selected.id : null;
  // the changed nodes, also pickable without the canvas (keyboard, small screens)
  const changedNodes = useMemo(() => {
    if (!view) return [];
    const titleOf = (id: string) => view.doc.nodes.find((n) => n.id === id)?.title ?? id;
    return [...view.marks.entries()].map(([id, mark]) => ({
      value: id,
      label: `${titleOf(id)} · ${t(`compare.${mark}`)}`,
    }));
  }, [view, t]);
  const changes = useMemo(
    () => (view && from && selectedId ? nodeChanges(selectedId, view.diff, from, to, view.marks) : null),
    [view, from, to, selectedId],
  );
  return (
    <Stack gap="sm">
      {view && from ? <DiffSummary diff={view.diff} from={from} to={to} /> : null}
      <div className={classes.layout}>
        <div className={classes.canvas} role="region" aria-label={t('compare.canvasLabel')} data-testid="diff-canvas">
          <TreeViewer
            key={viewKey}
            doc={view?.doc ?? to}
            diff={view?.marks}
            onSelectionChange={(id) => setSelected(id ? { key: viewKey, id } : null)}
          />
        </div>
        {view ? (
          <section className={classes.panel} aria-label={t('compare.panelTitle')}>
            <Stack gap="sm">
              {changedNodes.length > 0 ? (
                <Select
                  label={t('compare.node')}
                  data={changedNodes}
                  value={selectedId}
                  onChange={(id) => setSelected(id ? { key: viewKey, id } : null)}
                  searchable
                  clearable
                  data-testid="diff-node-picker"
                />
              ) : null}
              <div aria-live="polite">
                <NodePanel changes={changes} />
              </div>
            </Stack>
          </section>
        ) : null}
      </div>
    </Stack>
  );
}
