import { Group, Paper, Text } from '@mantine/core';
import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { buildHeatmap, type ActivityDay, type HeatmapCell } from './heatmap.ts';
import classes from './LearnHome.module.css';

const WEEKDAY_ROWS = [0, 1, 2, 3, 4, 5, 6];
/** Rows that carry a weekday label, as GitHub does (Mon, Wed, Fri). */
const LABELLED_ROWS = new Set([1, 3, 5]);

/** A calendar date (`YYYY-MM-DD`) written out in `locale`, read as that day wherever the browser is. */
function longDate(date: string, locale: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString(locale, {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    weekday: 'short',
  });
}

/**
 * The year of activity as a grid of days (53 weeks × 7), coloured by progress changes plus reviews.
 * It is a real table: every cell is named for screen readers ("date: counts"), the grid is one tab
 * stop moved through with the arrow keys, and hovering or focusing a day shows its tooltip.
 */
export function ActivityHeatmap({ days }: { days: readonly ActivityDay[] }) {
  const { t, i18n } = useTranslation('learning');
  const locale = i18n.language;
  const layout = useMemo(() => buildHeatmap(days), [days]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const today = days.at(-1)?.date ?? null;
  const [active, setActive] = useState<string | null>(today);
  const [tip, setTip] = useState<{ cell: HeatmapCell; x: number; y: number } | null>(null);

  const weekdayNames = useMemo(
    () =>
      WEEKDAY_ROWS.map((d) =>
        // 2023-01-01 was a Sunday
        new Date(Date.UTC(2023, 0, 1 + d, 12)).toLocaleDateString(locale, { weekday: 'short', timeZone: 'UTC' }),
      ),
    [locale],
  );
  const monthName = (month: number) =>
    new Date(Date.UTC(2023, month - 1, 15)).toLocaleDateString(locale, { month: 'short', timeZone: 'UTC' });
  const counts = (cell: HeatmapCell) =>
    cell.total === 0 ? t('activity.none') : t('activity.counts', { progress: cell.progress, reviews: cell.reviews });
  const label = (cell: HeatmapCell) => t('activity.cell', { date: longDate(cell.date, locale), counts: counts(cell) });

  // The newest weeks are on the right: a narrow screen starts scrolled there.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (el) el.scrollLeft = el.scrollWidth;
  }, [layout]);

  const showTip = (cell: HeatmapCell, target: HTMLElement) => {
    const box = target.getBoundingClientRect();
    const host = scrollRef.current?.parentElement?.getBoundingClientRect();
    if (!host) return;
    setTip({ cell, x: box.left - host.left + box.width / 2, y: box.top - host.top });
  };

  const move = (event: KeyboardEvent<HTMLTableElement>) => {
    const deltas: Record<string, number> = { ArrowLeft: -7, ArrowRight: 7, ArrowUp: -1, ArrowDown: 1 };
    let delta = deltas[event.key];
    const cells = layout.weeks.flatMap((w) => w.days).filter((c): c is HeatmapCell => c !== null);
    const at = cells.findIndex((c) => c.date === active);
    if (event.key === 'Home') delta = -at;
    if (event.key === 'End') delta = cells.length - 1 - at;
    if (delta === undefined || at < 0) return;
    event.preventDefault();
    const next = cells[Math.min(cells.length - 1, Math.max(0, at + delta))];
    if (!next) return;
    setActive(next.date);
    const el = tableRef.current?.querySelector<HTMLElement>(`[data-date="${next.date}"]`);
    el?.focus();
  };

  return (
    <div className={classes.heatmapHost} onMouseLeave={() => setTip(null)}>
      <div ref={scrollRef} className={classes.heatmapScroll}>
        <table
          ref={tableRef}
          className={classes.heatmap}
          onKeyDown={move}
          onBlur={() => setTip(null)}
          data-testid="activity-heatmap"
        >
          <caption className="arbor-visually-hidden">{t('activity.grid')}</caption>
          <thead>
            <tr>
              <td className={classes.corner} />
              {layout.weeks.map((week, w) => (
                <th key={w} scope="col" className={classes.month}>
                  {week.monthStart ? <span>{monthName(week.monthStart)}</span> : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {WEEKDAY_ROWS.map((row) => (
              <tr key={row}>
                <th scope="row" className={classes.weekday}>
                  <span className={LABELLED_ROWS.has(row) ? undefined : 'arbor-visually-hidden'}>
                    {weekdayNames[row]}
                  </span>
                </th>
                {layout.weeks.map((week, w) => {
                  const cell = week.days[row];
                  if (!cell) return <td key={w} className={classes.empty} />;
                  return (
                    <td
                      key={w}
                      className={classes.day}
                      data-level={cell.level}
                      data-date={cell.date}
                      data-total={cell.total}
                      tabIndex={cell.date === active ? 0 : -1}
                      aria-label={label(cell)}
                      onMouseEnter={(e) => showTip(cell, e.currentTarget)}
                      onFocus={(e) => {
                        setActive(cell.date);
                        showTip(cell, e.currentTarget);
                      }}
                    />
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {tip ? (
        <Paper
          shadow="md"
          radius="sm"
          px="xs"
          py={4}
          className={classes.tip}
          style={{ left: tip.x, top: tip.y }}
          aria-hidden
          data-testid="heatmap-tip"
        >
          <Text size="xs" fw={600}>
            {longDate(tip.cell.date, locale)}
          </Text>
          <Text size="xs">{counts(tip.cell)}</Text>
        </Paper>
      ) : null}
      <Group gap={4} justify="flex-end" mt={6} aria-hidden>
        <Text size="xs" c="dimmed">
          {t('activity.less')}
        </Text>
        {[0, 1, 2, 3, 4].map((level) => (
          <span key={level} className={classes.swatch} data-level={level} />
        ))}
        <Text size="xs" c="dimmed">
          {t('activity.more')}
        </Text>
      </Group>
    </div>
  );
}
