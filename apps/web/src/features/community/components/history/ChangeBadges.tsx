import type { ChangeCounts } from '@arbor/contract';
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// as DiffSummary's colours (Mantine's yellow is too light as text)
const KINDS = [
  ['added', 'green'],
  ['removed', 'red'],
  ['changed', 'orange'],
  ['moved', 'blue'],
] as const;

/** Nodes added, removed, changed and moved, each count that is not zero as a badge. */
export function ChangeBadges({ changes }: { changes: ChangeCounts }) {
  const { t } = useTranslation('reviews');
  const shown = KINDS.filter(([kind]) => changes[kind] > 0);
  if (shown.length === 0) return null;
  return (
    <Group gap={4}>
      {shown.map(([kind, color]) => (
        <Badge key={kind} size="sm" color={color} variant="light" tt="none">
          {t(`changes.${kind}`, { count: changes[kind] })}
        </Badge>
      ))}
    </Group>
  );
}
