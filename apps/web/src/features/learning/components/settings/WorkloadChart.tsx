import type { Workload } from '@arbor/contract';
import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useWorkload } from '../../api/useMemory.ts';
import { chartLines, workloadRetentions } from './workload-chart.ts';
import classes from './settings.module.css';

const WIDTH = 300;
const HEIGHT = 110;
const COLORS = ['var(--mantine-color-blue-6)', 'var(--mantine-color-grape-6)', 'var(--mantine-color-orange-7)'];

/**
 * The next 30 days' reviews at three retentions (the chosen one between a lower and a higher), as
 * lines drawn in SVG with their totals beside: what moving the slider would cost.
 */
export function WorkloadChart({ retention: moving }: { retention: number }) {
  const { t } = useTranslation('plans');
  // the slider's last value, not each step of a drag
  const [retention] = useDebouncedValue(moving, 300);
  const retentions = workloadRetentions(retention);
  const a = useWorkload(retentions[0]!);
  const b = useWorkload(retentions[1] ?? retentions[0]!);
  const c = useWorkload(retentions[2] ?? retentions[0]!);
  const answers = [a, b, c].slice(0, retentions.length);
  if (answers.some((q) => q.isError)) return null;
  const data = answers.map((q) => q.data).filter((d): d is Workload => d !== undefined);
  if (data.length < answers.length) return <Skeleton h={160} radius="md" />;
  const lines = chartLines(
    data.map((d) => d.days.map((day) => day.reviews + day.new)),
    WIDTH,
    HEIGHT,
  );
  const summary = data.map((d) =>
    t('memory.workloadTotal', { percent: Math.round(d.retention * 100), count: d.total_reviews }),
  );
  return (
    <Stack gap={6} data-testid="memory-workload">
      <Text size="sm" fw={600} id="memory-workload-title">
        {t('memory.workloadTitle')}
      </Text>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className={classes.chart}
        role="img"
        aria-labelledby="memory-workload-title"
        aria-describedby="memory-workload-totals"
      >
        <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className={classes.axis} />
        {lines.map((points, i) => (
          <polyline
            key={data[i]!.retention}
            points={points}
            fill="none"
            stroke={COLORS[i]}
            strokeWidth={data[i]!.retention === retention ? 2.5 : 1.5}
            strokeDasharray={data[i]!.retention === retention ? undefined : '4 3'}
            vectorEffect="non-scaling-stroke"
          />
        ))}
      </svg>
      <Group gap="md" id="memory-workload-totals" component="ul" className={classes.legend}>
        {summary.map((line, i) => (
          <li key={data[i]!.retention} data-testid="memory-workload-total">
            <span className={classes.swatch} style={{ background: COLORS[i] }} aria-hidden />
            <Text span size="xs" fw={data[i]!.retention === retention ? 700 : 400}>
              {line}
            </Text>
          </li>
        ))}
      </Group>
    </Stack>
  );
}
