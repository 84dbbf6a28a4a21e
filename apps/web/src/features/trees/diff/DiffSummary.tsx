import { Badge, Group, List, ScrollArea, Stack, Text } from '@mantine/core';
import type { TreeDiff, TreeDocument } from '@arbor/tree-core';
import { useTranslation } from 'react-i18next';

interface DiffSummaryProps {
  diff: TreeDiff;
  from: TreeDocument;
  to: TreeDocument;
}

// Mantine's yellow stays below 4.5:1 as text on light backgrounds, even at shade 9.
const COLORS = { added: 'green', removed: 'red', changed: 'orange', moved: 'blue' } as const;

/** The comparison as a list, beside its drawing on the canvas. */
export function DiffSummary({ diff, from, to }: DiffSummaryProps) {
  const { t } = useTranslation('trees');
  const titleIn = (doc: TreeDocument) => (id: string) => doc.nodes.find((n) => n.id === id)?.title ?? id;
  const after = titleIn(to);
  const before = titleIn(from);
  const changed = diff.changed.filter((c) => Object.keys(c.fields).some((f) => f !== 'collapsed' && f !== 'position'));
  const groups = [
    { kind: 'added' as const, items: diff.added.map((n) => n.title) },
    { kind: 'removed' as const, items: diff.removed.map((n) => n.title) },
    {
      kind: 'changed' as const,
      items: changed.map(
        (c) =>
          `${after(c.id)} (${Object.keys(c.fields)
            .map((f) => t(`diff.fields.${f}`, { defaultValue: f }))
            .join(', ')})`,
      ),
    },
    {
      kind: 'moved' as const,
      items: diff.moved.map(
        (m) =>
          `${after(m.id)}: ${m.from_parent ? before(m.from_parent) : '—'} → ${m.to_parent ? after(m.to_parent) : '—'}`,
      ),
    },
  ];
  const total = groups.reduce((n, g) => n + g.items.length, 0) + diff.links.added.length + diff.links.removed.length;
  return (
    <Stack gap="xs" data-testid="diff-summary">
      <Group gap={6}>
        {groups.map((g) => (
          <Badge key={g.kind} color={COLORS[g.kind]} variant="light" data-testid={`diff-count-${g.kind}`}>
            {t(`diff.${g.kind}`)} {g.items.length}
          </Badge>
        ))}
        {diff.links.added.length + diff.links.removed.length ? (
          <Badge color="grape" variant="light">
            {t('diff.links')} {diff.links.added.length + diff.links.removed.length}
          </Badge>
        ) : null}
      </Group>
      {total === 0 ? (
        <Text size="sm" c="dimmed">
          {t('diff.none')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={220}>
          <Stack gap={6}>
            {groups
              .filter((g) => g.items.length)
              .map((g) => (
                <div key={g.kind}>
                  <Text size="xs" fw={700} c={`var(--mantine-color-${COLORS[g.kind]}-light-color)`} tt="uppercase">
                    {t(`diff.${g.kind}`)}
                  </Text>
                  <List size="sm" spacing={2}>
                    {g.items.slice(0, 100).map((item, i) => (
                      <List.Item key={i}>{item}</List.Item>
                    ))}
                  </List>
                </div>
              ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
